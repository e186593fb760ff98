import { describe, expect, it } from 'vitest';
import { sha256Hex, signS3Request } from '../../src/providers/s3-signature.ts';
import { checkSignature, errorXml, type ReceivedRequest } from './s3-rules.ts';

const config = {
  bucket: 'uploads',
  region: 'us-east-1',
  credentials: { accessKeyId: 'SANDBOXKEY0001', secretAccessKey: 'sandbox-secret-0123456789' },
};
const signedAt = new Date('2026-03-02T08:00:00Z');

/** A GET as the sandbox receives it, signed at `signedAt` with the sandbox's keys unless told otherwise. */
function received(overrides: Partial<ReceivedRequest> = {}, headerOverrides: Record<string, string> = {}) {
  const url = new URL('http://localhost:3000/sandbox/s3/uploads/images/a.webp');
  const headers = signS3Request({
    method: 'GET',
    url,
    headers: { range: 'bytes=0-9' },
    payloadHash: sha256Hex(''),
    region: config.region,
    credentials: config.credentials,
    now: signedAt,
  });
  return {
    method: 'GET',
    path: url.pathname,
    query: '',
    headers: { ...headers, ...headerOverrides },
    ...overrides,
  };
}
const codeAt = (request: ReceivedRequest, now = signedAt) =>
  checkSignature(request, config, now)?.code ?? null;

describe('the S3 sandbox checks signatures as S3 does', () => {
  it('accepts a request signed with its keys within 15 minutes of its clock', () => {
    expect(codeAt(received())).toBeNull();
    expect(codeAt(received(), new Date(signedAt.getTime() + 14 * 60_000))).toBeNull();
    expect(codeAt(received(), new Date(signedAt.getTime() + 16 * 60_000))).toBe('RequestTimeTooSkewed');
  });

  it('refuses changed signed parts: method, path, query, a signed header', () => {
    expect(codeAt(received({ method: 'DELETE' }))).toBe('SignatureDoesNotMatch');
    expect(codeAt(received({ path: '/sandbox/s3/uploads/images/b.webp' }))).toBe('SignatureDoesNotMatch');
    expect(codeAt(received({ query: 'acl' }))).toBe('SignatureDoesNotMatch');
    expect(codeAt(received({}, { range: 'bytes=0-99' }))).toBe('SignatureDoesNotMatch');
  });

  it('refuses a missing or malformed header, a date other than the scope, a missing content hash', () => {
    const request = received();
    const { authorization: _a, ...unsigned } = request.headers;
    expect(codeAt({ ...request, headers: unsigned })).toBe('AccessDenied');
    expect(codeAt(received({}, { authorization: 'AWS4-HMAC-SHA256 nonsense' }))).toBe(
      'AuthorizationHeaderMalformed',
    );
    expect(codeAt(received({}, { 'x-amz-date': '20260303T080000Z' }))).toBe('AuthorizationHeaderMalformed');
    const { 'x-amz-content-sha256': _h, ...noHash } = request.headers;
    expect(codeAt({ ...request, headers: noHash })).toBe('InvalidRequest');
  });

  it("writes S3's XML error document, escaped", () => {
    expect(
      errorXml(
        { status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' },
        '/b/<k>',
        'R1',
      ),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Resource>/b/&lt;k&gt;</Resource><RequestId>R1</RequestId></Error>',
    );
  });
});
