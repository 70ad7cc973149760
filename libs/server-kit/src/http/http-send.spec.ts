import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpSend, HttpSendError } from './http-send.js';

/** A server on the loopback answering with `handle`; its base URL. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const stop = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

const failure = (p: Promise<unknown>) => p.then(
  () => {
    throw new Error('expected a failure');
  },
  (e: unknown) => e as HttpSendError,
);

describe('httpSend', () => {
  it('sends the method, headers and body, and reads the status and the whole answer', async () => {
    const { url, server } = await serve((req, res, body) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      // In two pieces: the answer is read whole.
      res.write(JSON.stringify({ method: req.method, path: req.url, auth: req.headers.authorization, length: req.headers['content-length'] }).slice(0, -1));
      res.end(`,"body":${JSON.stringify(body)}}`);
    });
    try {
      const reply = await httpSend(`${url}/pay?x=1`, { method: 'POST', headers: { authorization: 'O-Bearer t', 'content-type': 'application/json' }, body: '{"amount":₹1}', timeoutMs: 2_000 });
      expect(reply.status).toBe(201);
      expect(JSON.parse(reply.text)).toEqual({ method: 'POST', path: '/pay?x=1', auth: 'O-Bearer t', length: String(Buffer.byteLength('{"amount":₹1}')), body: '{"amount":₹1}' });
      // The kept-alive connection serves the next request.
      expect((await httpSend(`${url}/status`, { method: 'GET', headers: {}, timeoutMs: 2_000 })).status).toBe(201);
    } finally {
      await stop(server);
    }
  });

  it('answers an error status as an answer, not a failure', async () => {
    const { url, server } = await serve((_req, res) => res.writeHead(502).end('<html>Bad gateway</html>'));
    try {
      expect(await httpSend(url, { method: 'GET', headers: {}, timeoutMs: 2_000 })).toEqual({ status: 502, text: '<html>Bad gateway</html>' });
    } finally {
      await stop(server);
    }
  });

  it('fails with timedOut when the whole answer takes longer than timeoutMs', async () => {
    const { url, server } = await serve((_req, res) => {
      res.writeHead(200);
      res.write('part of it');
    });
    try {
      const e = await failure(httpSend(url, { method: 'GET', headers: {}, timeoutMs: 50 }));
      expect(e).toBeInstanceOf(HttpSendError);
      expect(e).toMatchObject({ timedOut: true, message: 'no answer within 50 ms' });
    } finally {
      await stop(server);
    }
  });

  it('fails without timedOut when the connection breaks off mid-answer', async () => {
    const { url, server } = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('part of it', () => res.destroy());
    });
    try {
      expect(await failure(httpSend(url, { method: 'GET', headers: {}, timeoutMs: 2_000 }))).toMatchObject({ timedOut: false });
    } finally {
      await stop(server);
    }
  });

  it('fails without timedOut when nothing listens, or for a URL that is not HTTP', async () => {
    const { url, server } = await serve(() => {});
    await stop(server);
    expect(await failure(httpSend(url, { method: 'GET', headers: {}, timeoutMs: 2_000 }))).toMatchObject({ timedOut: false, message: expect.stringContaining('ECONNREFUSED') });
    expect(await failure(httpSend('ftp://example.test/x', { method: 'GET', headers: {}, timeoutMs: 2_000 }))).toMatchObject({ timedOut: false, message: 'not an HTTP URL: ftp://example.test/x' });
  });
});
