/**
 * A small local TCP balancer for running several replicas of an app that is reached over
 * HTTP (the BFF, media) on one machine, as a Kubernetes Service spreads connections over
 * pods: each new connection goes to the next backend in turn; a backend that refuses the
 * connection (stopped, killed) is skipped for that connection and tried again for the
 * next. Connections, not requests, are spread: a keep-alive connection stays with its
 * replica, as it does behind kube-proxy.
 */
import net from 'node:net';

/**
 * Listens on `port` (loopback unless `host`) and forwards to `backends` (ports on the
 * loopback), which may be given later with `add()`. Returns `add(port)`, `remove(port)`,
 * `backends()` and `close()`.
 */
export async function startBalancer({ port, host = '127.0.0.1', backends = [] }) {
  const targets = [...backends];
  const open = new Set();
  let next = 0;

  const server = net.createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    const attempt = (tried) => {
      if (client.destroyed) return;
      if (tried >= targets.length) return void client.destroy();
      const target = targets[next++ % targets.length];
      const upstream = net.connect({ port: target, host: '127.0.0.1' });
      const refused = () => {
        upstream.destroy();
        attempt(tried + 1);
      };
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        upstream.on('error', () => client.destroy());
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    add: (backend) => void (targets.includes(backend) || targets.push(backend)),
    remove: (backend) => void (targets.includes(backend) && targets.splice(targets.indexOf(backend), 1)),
    backends: () => [...targets],
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
