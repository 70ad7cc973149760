import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findAppsDir } from './web-dist.js';

describe('findAppsDir', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    for (const dir of ['apps/bff/src/web', 'apps/bff/dist/web', 'dist/server-chunks']) mkdirSync(path.join(root, dir), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(['apps/bff/src/web', 'apps/bff/dist/web', 'apps/bff/dist', 'dist/server-chunks'])('finds the workspace’s apps from %s', (from) => {
    expect(findAppsDir(path.join(root, from))).toBe(path.join(root, 'apps'));
  });
});
