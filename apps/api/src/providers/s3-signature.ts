import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 as S3 uses it in the Authorization header (single-chunk payloads): the canonical
 * request, the string to sign, the derived signing key and the header itself. The client (s3-client.ts) signs
 * with it, and the local S3 sandbox (sandbox/s3) checks requests with the same steps from what it received.
 */

export const sigV4Algorithm = 'AWS4-HMAC-SHA256';
/** x-amz-content-sha256 of a request whose body is not part of the signature. */
export const unsignedPayload = 'UNSIGNED-PAYLOAD';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface CanonicalInput {
  method: string;
  /** The request path as sent, percent-encoded or not (it is canonicalised here). */
  path: string;
  /** The raw query string, without '?'. */
  query: string;
  /** Lower-case names; only the signed ones are used. */
  headers: Record<string, string | undefined>;
  signedHeaders: readonly string[];
  payloadHash: string;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ is %XX (upper-case hex). */
export function sigV4Encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** S3's canonical URI: each path segment decoded once and encoded again (S3 does not double-encode). */
export function canonicalUri(path: string): string {
  const segments = path.split('/').map((segment) => {
    try {
      return sigV4Encode(decodeURIComponent(segment));
    } catch {
      return sigV4Encode(segment);
    }
  });
  const uri = segments.join('/');
  return uri.startsWith('/') ? uri : `/${uri}`;
}

/** Query parameters encoded and sorted by name, then value. */
export function canonicalQuery(query: string): string {
  if (query === '') return '';
  const pairs = query.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const name = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? '' : pair.slice(at + 1);
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));
    return [sigV4Encode(decode(name)), sigV4Encode(decode(value))] as const;
  });
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

export function canonicalRequest(input: CanonicalInput): string {
  const names = [...input.signedHeaders].map((name) => name.toLowerCase()).sort();
  const headerLines = names
    .map((name) => `${name}:${(input.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  return [
    input.method.toUpperCase(),
    canonicalUri(input.path),
    canonicalQuery(input.query),
    headerLines,
    names.join(';'),
    input.payloadHash,
  ].join('\n');
}

/** yyyyMMdd/region/s3/aws4_request */
export function credentialScope(amzDate: string, region: string): string {
  return `${amzDate.slice(0, 8)}/${region}/s3/aws4_request`;
}

/** The hex signature of a canonical request at amzDate (yyyyMMddTHHmmssZ) in region. */
export function sigV4Signature(
  secretAccessKey: string,
  amzDate: string,
  region: string,
  request: CanonicalInput,
): string {
  const stringToSign = [
    sigV4Algorithm,
    amzDate,
    credentialScope(amzDate, region),
    sha256Hex(canonicalRequest(request)),
  ].join('\n');
  const dateKey = hmac(`AWS4${secretAccessKey}`, amzDate.slice(0, 8));
  const signingKey = hmac(hmac(hmac(dateKey, region), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

/** 2013-05-24T00:00:00.000Z → 20130524T000000Z */
export function amzDateOf(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The instant of an x-amz-date, or null when it is not one. */
export function parseAmzDate(value: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const instant = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export interface SignOptions {
  method: string;
  url: URL;
  /** Headers to send and sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  credentials: S3Credentials;
  now?: Date;
}

/**
 * The headers of a signed request: the given ones plus host, x-amz-date, x-amz-content-sha256 and
 * Authorization. Every given header is signed.
 */
export function signS3Request(options: SignOptions): Record<string, string> {
  const amzDate = amzDateOf(options.now ?? new Date());
  const headers: Record<string, string> = {
    ...options.headers,
    host: options.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': options.payloadHash,
  };
  const signedHeaders = Object.keys(headers).sort();
  const signature = sigV4Signature(options.credentials.secretAccessKey, amzDate, options.region, {
    method: options.method,
    path: options.url.pathname,
    query: options.url.search.replace(/^\?/, ''),
    headers,
    signedHeaders,
    payloadHash: options.payloadHash,
  });
  const credential = `${options.credentials.accessKeyId}/${credentialScope(amzDate, options.region)}`;
  headers.authorization = `${sigV4Algorithm} Credential=${credential},SignedHeaders=${signedHeaders.join(';')},Signature=${signature}`;
  return headers;
}

export interface ParsedAuthorization {
  accessKeyId: string;
  /** yyyyMMdd */
  date: string;
  region: string;
  service: string;
  terminal: string;
  signedHeaders: string[];
  signature: string;
}

/** The parts of an 'AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…' header, or null. */
export function parseAuthorization(header: string | undefined): ParsedAuthorization | null {
  if (!header?.startsWith(`${sigV4Algorithm} `)) return null;
  const fields = new Map<string, string>();
  for (const part of header.slice(sigV4Algorithm.length + 1).split(',')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const credential = fields.get('Credential')?.split('/') ?? [];
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (credential.length !== 5 || !signedHeaders || !signature || !/^[0-9a-f]{64}$/.test(signature)) {
    return null;
  }
  const [accessKeyId, date, region, service, terminal] = credential as [
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    accessKeyId,
    date,
    region,
    service,
    terminal,
    signedHeaders: signedHeaders.split(';'),
    signature,
  };
}
