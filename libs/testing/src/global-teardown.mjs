import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const infra = globalThis.__jalajInfra;
  if (!infra) return;
  await infra.stop();
  rmSync(infra.dataDir, { recursive: true, force: true });
}
