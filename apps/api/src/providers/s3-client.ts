import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type S3Credentials, sha256Hex, signS3Request } from './s3-signature.ts';

/**
 * A small S3 client for the four object calls the file storage needs (PUT, HEAD, GET with a byte range,
 * DELETE), signed with SigV4 (s3-signature.ts). Works with S3 and S3-compatible stores (MinIO, R2, …), and
 * with the local sandbox (sandbox/s3), which is reached in-process.
 */

export interface S3Request {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: Buffer | Readable;
}

export interface S3Response {
  status: number;
  headers: Record<string, string | undefined>;
  body: Readable;
}

/** Sends one request; the response body is a stream the caller reads or destroys. */
export type S3Transport = (request: S3Request) => Promise<S3Response>;

export interface S3Config {
  /** https://s3.af-south-1.amazonaws.com, http://minio:9000, or the sandbox's PUBLIC_URL/sandbox/s3 */
  endpoint: string;
  bucket: string;
  region: string;
  credentials: S3Credentials;
  /** endpoint/bucket/key (true) or bucket.endpoint-host/key (false). */
  pathStyle: boolean;
}

export interface S3ObjectInfo {
  /** The whole object's size, also when a range was read. */
  size: number;
  lastModified: Date;
  contentType: string | undefined;
}

/** A refusal of the store, with S3's error code (SignatureDoesNotMatch, NoSuchBucket, …). */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`S3 ${status} ${code}: ${message}`);
  }
}

const flatten = (headers: Record<string, string | string[] | number | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value),
    ]),
  );

/** Requests over the network (node:http/https: a streamed body keeps its Content-Length, as S3 requires). */
export const networkTransport: S3Transport = (request) =>
  new Promise((resolve, reject) => {
    const url = new URL(request.url);
    const send = url.protocol === 'https:' ? https.request : http.request;
    const outgoing = send(url, { method: request.method, headers: request.headers }, (response) =>
      resolve({ status: response.statusCode ?? 0, headers: flatten(response.headers), body: response }),
    );
    outgoing.setTimeout(120_000, () => outgoing.destroy(new Error(`S3 ${request.method} timed out`)));
    outgoing.on('error', reject);
    if (request.body instanceof Readable) {
      request.body.on('error', (error) => outgoing.destroy(error));
      request.body.pipe(outgoing);
    } else {
      outgoing.end(request.body);
    }
  });

/**
 * Requests to this app's own PUBLIC_URL (the local sandbox) go through app.inject, streamed both ways;
 * every other URL through the network.
 */
export function selfAwareS3Transport(app: FastifyInstance, publicUrl: string): S3Transport {
  const ownOrigin = new URL(publicUrl).origin;
  return async (request) => {
    const target = new URL(request.url);
    if (target.origin !== ownOrigin) return networkTransport(request);
    const response = await app.inject({
      method: request.method,
      url: `${target.pathname}${target.search}`,
      headers: request.headers,
      ...(request.body ? { payload: request.body } : {}),
      payloadAsStream: true,
    });
    return { status: response.statusCode, headers: flatten(response.headers), body: response.stream() };
  };
}

async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const xmlValue = (xml: string, tag: string) =>
  new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1]?.trim() ?? '';

export class S3Client {
  constructor(
    private readonly config: S3Config,
    private readonly transport: S3Transport,
  ) {}

  /** Stores an object from bytes or a finished file (streamed; its SHA-256 is signed). */
  async putObject(
    key: string,
    source: { bytes: Buffer } | { path: string },
    contentType: string,
  ): Promise<void> {
    const isBytes = 'bytes' in source;
    const size = isBytes ? source.bytes.length : (await stat(source.path)).size;
    const payloadHash = isBytes ? sha256Hex(source.bytes) : await fileSha256(source.path);
    const response = await this.send('PUT', key, {
      headers: { 'content-type': contentType, 'content-length': String(size) },
      payloadHash,
      body: isBytes ? source.bytes : createReadStream(source.path),
    });
    await this.expectOk(response);
  }

  /** The object's size and dates, or null when there is none. */
  async headObject(key: string): Promise<S3ObjectInfo | null> {
    const response = await this.send('HEAD', key, {});
    if (response.status === 404) {
      response.body.resume();
      return null;
    }
    await this.expectOk(response);
    return infoOf(response, Number(response.headers['content-length']));
  }

  /** The object, whole or one byte range (inclusive), as a stream; null when there is none. */
  async getObject(
    key: string,
    range?: { start: number; end: number },
  ): Promise<(S3ObjectInfo & { body: Readable }) | null> {
    const response = await this.send('GET', key, {
      headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
    });
    if (response.status === 404) {
      response.body.resume();
      return null;
    }
    await this.expectOk(response, { keepBody: true });
    const total = /\/(\d+)$/.exec(response.headers['content-range'] ?? '')?.[1];
    return { ...infoOf(response, Number(total ?? response.headers['content-length'])), body: response.body };
  }

  /** Deletes the object; a missing one is not an error (S3 answers 204 either way). */
  async deleteObject(key: string): Promise<void> {
    await this.expectOk(await this.send('DELETE', key, {}));
  }

  /** The object's address: endpoint/bucket/key, or bucket.host/key. */
  objectUrl(key: string): URL {
    const endpoint = new URL(this.config.endpoint);
    const base = endpoint.pathname.replace(/\/$/, '');
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    if (this.config.pathStyle) {
      endpoint.pathname = `${base}/${encodeURIComponent(this.config.bucket)}/${encodedKey}`;
    } else {
      endpoint.hostname = `${this.config.bucket}.${endpoint.hostname}`;
      endpoint.pathname = `${base}/${encodedKey}`;
    }
    return endpoint;
  }

  private send(
    method: S3Request['method'],
    key: string,
    options: { headers?: Record<string, string>; payloadHash?: string; body?: Buffer | Readable },
  ): Promise<S3Response> {
    const url = this.objectUrl(key);
    const headers = signS3Request({
      method,
      url,
      headers: options.headers ?? {},
      payloadHash: options.payloadHash ?? sha256Hex(''),
      region: this.config.region,
      credentials: this.config.credentials,
    });
    return this.transport({ method, url: url.toString(), headers, body: options.body });
  }

  /** Passes a 2xx (draining its body unless the caller reads it); otherwise reads S3's XML error and throws it. */
  private async expectOk(response: S3Response, { keepBody = false } = {}): Promise<void> {
    if (response.status >= 200 && response.status < 300) {
      if (!keepBody) response.body.resume();
      return;
    }
    const xml = await readText(response.body).catch(() => '');
    throw new S3Error(
      response.status,
      xmlValue(xml, 'Code') || `HTTP${response.status}`,
      xmlValue(xml, 'Message') || 'the object store refused the request',
    );
  }
}

function infoOf(response: S3Response, size: number): S3ObjectInfo {
  const lastModified = new Date(response.headers['last-modified'] ?? 0);
  return { size, lastModified, contentType: response.headers['content-type'] };
}
