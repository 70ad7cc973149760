#!/usr/bin/env node
/**
 * `minio server <dir> [--address :9000] [--console-address …]` of jalaj-local/s3rver: an
 * S3-compatible server (s3rver) keeping its buckets in <dir>, whose one access key is
 * MINIO_ROOT_USER with the secret MINIO_ROOT_PASSWORD (MinIO's defaults minioadmin /
 * minioadmin when unset), and MinIO's liveness and readiness paths. Every other request
 * must be signed with that key (Signature Version 4 in the Authorization header; s3rver
 * alone would let anonymous and wrongly signed requests through). There is no console;
 * --console-address is accepted and ignored. SIGTERM and SIGINT close the server.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';
import account from 's3rver/lib/models/account.js';
import S3Error from 's3rver/lib/models/error.js';
import { parseAuthorization, signature } from './sigv4.mjs';

const usage = 'usage: minio server DIR [--address [HOST]:PORT] [--console-address ADDR]';
const [command, ...rest] = process.argv.slice(2);
if (command !== 'server') {
  console.error(command ? `minio: only \`server\` is supported here (${usage})` : usage);
  process.exit(command ? 2 : 0);
}
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: { address: { type: 'string', default: ':9000' }, 'console-address': { type: 'string' }, quiet: { type: 'boolean' } },
});
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}
const directory = positionals[0];
const [, host, port] = /^(.*):(\d+)$/.exec(values.address) ?? [];
if (!port) {
  console.error(`minio: --address ${values.address} is not [HOST]:PORT`);
  process.exit(2);
}

// The root credentials are the only key pair, as on a MinIO server with no other users.
const accessKey = process.env.MINIO_ROOT_USER || 'minioadmin';
const secretKey = process.env.MINIO_ROOT_PASSWORD || 'minioadmin';
account.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
account.DUMMY_ACCOUNT.createKeyPair(accessKey, secretKey);

/** Throws the S3 error a request gets unless it is signed with the root key. */
function authenticate(ctx) {
  const auth = parseAuthorization(ctx.get('authorization'));
  if (!auth) throw new S3Error('AccessDenied', 'Access Denied. Requests must be signed (Signature Version 4 in the Authorization header).');
  if (auth.accessKey !== accessKey) throw new S3Error('InvalidAccessKeyId', 'The Access Key Id you provided does not exist in our records.');
  const amzDate = ctx.get('x-amz-date');
  const [rawPath, query = ''] = ctx.req.url.split(/\?(.*)/s);
  const expected = signature({ method: ctx.method, path: rawPath, query, headers: ctx.headers, signedHeaders: auth.signedHeaders, amzDate, region: auth.region, secretKey });
  if (!amzDate || amzDate.slice(0, 8) !== auth.day || expected !== auth.signature) {
    throw new S3Error('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
  }
}

mkdirSync(directory, { recursive: true });
// Path-style only, as MinIO without MINIO_DOMAIN: a client reaching it as http://minio:9000
// must not have `minio` taken for a bucket's name.
const server = new S3rver({ address: host || '0.0.0.0', port: Number(port), directory, silent: true, vhostBuckets: false });
// MinIO's health paths answer without credentials, before any S3 route could claim them.
server.middleware.unshift(async (ctx, next) => {
  if (ctx.path === '/minio/health/live' || ctx.path === '/minio/health/ready') {
    ctx.status = 200;
    return;
  }
  authenticate(ctx);
  await next();
});
const address = await server.run();
console.log(`S3-compatible server (s3rver, standing in for MinIO) on ${address.address}:${address.port}, data in ${directory}; API ready`);

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    // Keep-alive connections must not hold the stop up.
    server.httpServer?.closeAllConnections?.();
  });
}
