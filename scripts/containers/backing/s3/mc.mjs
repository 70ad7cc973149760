#!/usr/bin/env node
/**
 * `mc` of jalaj-local/s3: the three commands of MinIO's client that docker-compose.yml uses.
 *
 *   mc alias set NAME URL ACCESS_KEY SECRET_KEY   remembers a server (MC_CONFIG_DIR, else ~/.mc, else /tmp/.mc)
 *   mc mb [--ignore-existing|-p] NAME/BUCKET      creates a bucket (S3 CreateBucket, signed with SigV4)
 *   mc ready NAME                                 exits 0 when the server's /minio/health/live answers 200
 *
 * As in mc, the alias `local` is http://localhost:9000, here with MINIO_ROOT_USER and
 * MINIO_ROOT_PASSWORD as its key (the container's own server, for its HEALTHCHECK).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sha256, signature } from './sigv4.mjs';

const fail = (msg, code = 1) => {
  console.error(`mc: ${msg}`);
  process.exit(code);
};

const configDirs = [process.env.MC_CONFIG_DIR, path.join(os.homedir(), '.mc'), path.join(os.tmpdir(), '.mc')].filter(Boolean);

function readAliases() {
  for (const dir of configDirs) {
    try {
      return JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')).aliases ?? {};
    } catch {
      // Not there (or not readable): the next place.
    }
  }
  return {};
}

function writeAliases(aliases) {
  const body = JSON.stringify({ version: '10', aliases }, null, 2);
  for (const dir of configDirs) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(path.join(dir, 'config.json'), body, { mode: 0o600 });
      return;
    } catch {
      // A read-only home: the next place.
    }
  }
  fail(`cannot write the configuration to any of ${configDirs.join(', ')}`);
}

function alias(name) {
  const known = readAliases()[name];
  if (known) return known;
  if (name === 'local') return { url: 'http://localhost:9000', accessKey: process.env.MINIO_ROOT_USER || 'minioadmin', secretKey: process.env.MINIO_ROOT_PASSWORD || 'minioadmin' };
  return fail(`no alias ${name} (mc alias set ${name} URL ACCESS_KEY SECRET_KEY)`);
}

/** An S3 request with an empty body, signed with AWS Signature Version 4 (region us-east-1). */
function signedRequest(method, url, { accessKey, secretKey }) {
  const region = 'us-east-1';
  const amzDate = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const headers = { host: url.host, 'x-amz-content-sha256': sha256(''), 'x-amz-date': amzDate };
  const signedHeaders = Object.keys(headers);
  const sig = signature({ method, path: url.pathname, headers, signedHeaders, amzDate, region, secretKey });
  const authorization = `AWS4-HMAC-SHA256 Credential=${accessKey}/${amzDate.slice(0, 8)}/${region}/s3/aws4_request, SignedHeaders=${signedHeaders.join(';')}, Signature=${sig}`;
  return fetch(url, { method, headers: { 'x-amz-content-sha256': headers['x-amz-content-sha256'], 'x-amz-date': amzDate, authorization }, signal: AbortSignal.timeout(10_000) });
}

const [command, ...args] = process.argv.slice(2);
switch (command) {
  case 'alias': {
    const [sub, name, url, accessKey, secretKey] = args;
    if (sub !== 'set' || !name || !url || !accessKey || !secretKey) fail('usage: mc alias set NAME URL ACCESS_KEY SECRET_KEY', 2);
    writeAliases({ ...readAliases(), [name]: { url: url.replace(/\/+$/, ''), accessKey, secretKey } });
    console.log(`Added \`${name}\` successfully.`);
    break;
  }
  case 'mb': {
    const ignoreExisting = args.some((a) => a === '--ignore-existing' || a === '-p');
    const target = args.find((a) => !a.startsWith('-'));
    const [name, bucket] = target?.split('/') ?? [];
    if (!name || !bucket) fail('usage: mc mb [--ignore-existing] ALIAS/BUCKET', 2);
    const server = alias(name);
    const res = await signedRequest('PUT', new URL(`${server.url}/${bucket}`), server).catch((e) => fail(`${server.url}: ${e.message}`));
    const body = await res.text();
    const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
    if (res.ok) console.log(`Bucket created successfully \`${target}\`.`);
    else if (ignoreExisting && (code === 'BucketAlreadyOwnedByYou' || code === 'BucketAlreadyExists')) console.log(`Bucket \`${target}\` already exists.`);
    else fail(`cannot create bucket ${target}: ${res.status} ${code ?? body.slice(0, 200)}`);
    break;
  }
  case 'ready': {
    const server = alias(args[0] ?? fail('usage: mc ready ALIAS', 2));
    const ok = await fetch(`${server.url}/minio/health/live`, { signal: AbortSignal.timeout(4000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (!ok) fail(`${args[0]} is not ready`);
    console.log(`The cluster is ready`);
    break;
  }
  default:
    fail(`only \`alias set\`, \`mb\` and \`ready\` are supported here, not \`${command ?? ''}\``, 2);
}
