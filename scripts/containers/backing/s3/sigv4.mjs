/**
 * AWS Signature Version 4 of an S3 request signed in its Authorization header: what `mc`
 * signs with and what `minio server` checks (s3rver itself only checks that the access key
 * exists). The payload is covered as S3 covers it, by the x-amz-content-sha256 header.
 */
import { createHash, createHmac } from 'node:crypto';

export const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query string in canonical form: each name and value encoded, sorted. */
function canonicalQuery(query) {
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k, v = ''] = pair.split('=');
      const decode = (s) => decodeURIComponent(s.replace(/\+/g, '%20'));
      return [rfc3986(decode(k)), rfc3986(decode(v))];
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * The hex signature of a request.
 *
 * @param {{ method: string, path: string, query?: string, headers: Record<string, string>,
 *   signedHeaders: string[], amzDate: string, region: string, secretKey: string }} r
 *   `path` as sent (already encoded), `query` without the `?`, header names in lower case.
 */
export function signature({ method, path, query = '', headers, signedHeaders, amzDate, region, secretKey }) {
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${String(headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [method, path, canonicalQuery(query), canonicalHeaders, signedHeaders.join(';'), headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD'].join('\n');
  const day = amzDate.slice(0, 8);
  const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/s3/aws4_request`, sha256(canonical)].join('\n');
  const key = ['s3', 'aws4_request'].reduce(hmac, hmac(hmac(`AWS4${secretKey}`, day), region));
  return createHmac('sha256', key).update(toSign).digest('hex');
}

/** The parts of an `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` header, or null. */
export function parseAuthorization(value) {
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(value ?? '');
  return m ? { accessKey: m[1], day: m[2], region: m[3], signedHeaders: m[4].split(';'), signature: m[5] } : null;
}
