import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readObject } from './media-client.js';

/**
 * Reading a stored picture from media: a read that fails on the way (the replica answering
 * died: the connection cut) or with a 5xx is sent once more; a missing one is a 404 at once.
 */
describe('readObject', () => {
  let server: Server;
  let base: string;
  const asked = new Map<string, number>();
  const webp = Buffer.from('RIFF....WEBPVP8 ');

  beforeAll(async () => {
    server = createServer((req, res) => {
      const key = req.url!.replace('/internal/objects/', '');
      const n = (asked.get(key) ?? 0) + 1;
      asked.set(key, n);
      if (key === 'cut-once' && n === 1) return req.socket.destroy();
      if (key === 'cut-mid-body' && n === 1) {
        res.writeHead(200, { 'content-type': 'image/webp', 'content-length': String(webp.length * 4) });
        res.write(webp);
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      if (key === 'failing') return void res.writeHead(500).end();
      if (key === 'missing') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'image/webp', etag: '"e1"' }).end(webp);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => asked.clear());

  it('gives the picture with its etag and type', async () => {
    expect(await readObject(base, 'ok')).toEqual({ body: webp, etag: '"e1"', contentType: 'image/webp' });
    expect(asked.get('ok')).toBe(1);
  });

  it.each(['cut-once', 'cut-mid-body'])('sends a read cut short (%s) once more and gives the picture', async (key) => {
    expect(await readObject(base, key)).toMatchObject({ body: webp, contentType: 'image/webp' });
    expect(asked.get(key)).toBe(2);
  });

  it('answers 502 after two 5xx, and 404 at once for a missing picture', async () => {
    expect(await readObject(base, 'failing')).toEqual({ status: 502 });
    expect(asked.get('failing')).toBe(2);
    expect(await readObject(base, 'missing')).toEqual({ status: 404 });
    expect(asked.get('missing')).toBe(1);
  });
});
