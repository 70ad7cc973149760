import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, startBalancer, type Balancer } from './index.mjs';

/** HTTP servers behind the local balancer (`JALAJ_REPLICAS`): it takes turns and skips one that is gone. */
describe('the local balancer', () => {
  const servers: http.Server[] = [];
  let balancer: Balancer | undefined;
  afterEach(async () => {
    await balancer?.close();
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  async function backend(name: string): Promise<number> {
    const server = http.createServer((_req, res) => res.end(name));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    return (server.address() as AddressInfo).port;
  }

  /** One request on its own connection: each connection is balanced on its own. */
  const ask = async (port: number) => (await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } })).text();

  it('gives new connections to its backends in turn', async () => {
    const port = await freePort();
    balancer = await startBalancer({ port, backends: [await backend('a'), await backend('b')] });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await ask(port));
    expect(answers).toEqual(['a', 'b', 'a', 'b']);
  });

  it('skips a backend that refuses connections, and takes backends added later', async () => {
    const port = await freePort();
    const gone = await freePort();
    balancer = await startBalancer({ port, backends: [gone, await backend('a')] });
    for (let i = 0; i < 3; i++) expect(await ask(port)).toBe('a');
    balancer.add(await backend('b'));
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) answers.add(await ask(port));
    expect([...answers].sort()).toEqual(['a', 'b']);
  });

  it('closes a connection when no backend takes it', async () => {
    const port = await freePort();
    balancer = await startBalancer({ port, backends: [await freePort()] });
    await expect(ask(port)).rejects.toThrow();
  });
});
