import { timingSafeEqual } from 'node:crypto';
import {
  type CanonicalInput,
  parseAmzDate,
  parseAuthorization,
  type S3Credentials,
  sigV4Signature,
} from '../../src/providers/s3-signature.ts';

/**
 * The checks of the local S3 sandbox, as S3 makes them for a header-signed (SigV4) request, with S3's own
 * error codes and HTTP statuses. Pure: the plugin (s3.plugin.ts) feeds it what it received.
 */

export interface S3Failure {
  status: number;
  code: string;
  message: string;
}

export interface SandboxS3Config {
  bucket: string;
  region: string;
  credentials: S3Credentials;
}

export interface ReceivedRequest {
  method: string;
  /** The path as received, with the mount prefix (it was signed with it). */
  path: string;
  query: string;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
}

/** S3 refuses requests whose x-amz-date is further than this from its clock. */
export const maxSkewMs = 15 * 60_000;

const fail = (status: number, code: string, message: string): S3Failure => ({ status, code, message });

export const s3Failures = {
  accessDenied: fail(403, 'AccessDenied', 'Access Denied'),
  noSuchBucket: fail(404, 'NoSuchBucket', 'The specified bucket does not exist'),
  noSuchKey: fail(404, 'NoSuchKey', 'The specified key does not exist.'),
  invalidRange: fail(416, 'InvalidRange', 'The requested range is not satisfiable'),
  missingLength: fail(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.'),
  tooLarge: fail(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.'),
  incompleteBody: fail(
    400,
    'IncompleteBody',
    'You did not provide the number of bytes specified by the Content-Length HTTP header',
  ),
  contentHashMismatch: fail(
    400,
    'XAmzContentSHA256Mismatch',
    "The provided 'x-amz-content-sha256' header does not match what was computed.",
  ),
} as const;

/** S3's XML error document. */
export function errorXml(failure: S3Failure, resource: string, requestId: string): string {
  const escapeXml = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message><Resource>${escapeXml(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
}

/**
 * Checks the Authorization header of a request against the sandbox's keys: its form, the access key, the
 * credential scope (date of x-amz-date, region, s3, aws4_request), the clock skew, the signed headers (host
 * and x-amz-content-sha256 present) and finally the signature over what was received. Null when it holds.
 */
export function checkSignature(
  request: ReceivedRequest,
  config: SandboxS3Config,
  now: Date = new Date(),
): S3Failure | null {
  const header = request.headers.authorization;
  if (!header) return s3Failures.accessDenied;
  const auth = parseAuthorization(header);
  if (!auth) {
    return fail(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  if (auth.accessKeyId !== config.credentials.accessKeyId) {
    return fail(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  const amzDate = request.headers['x-amz-date'];
  const signedAt = parseAmzDate(amzDate);
  if (!signedAt) {
    return fail(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  }
  if (auth.date !== amzDate!.slice(0, 8)) {
    return fail(
      400,
      'AuthorizationHeaderMalformed',
      'Invalid credential date. Date is not the same as X-Amz-Date.',
    );
  }
  if (auth.region !== config.region) {
    return fail(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${auth.region}' is wrong; expecting '${config.region}'`,
    );
  }
  if (auth.service !== 's3' || auth.terminal !== 'aws4_request') {
    return fail(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  if (Math.abs(now.getTime() - signedAt.getTime()) > maxSkewMs) {
    return fail(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const payloadHash = request.headers['x-amz-content-sha256'];
  if (!payloadHash) {
    return fail(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  }
  const signed = new Set(auth.signedHeaders);
  if (!signed.has('host') || !signed.has('x-amz-content-sha256')) {
    return fail(403, 'AccessDenied', 'Host and x-amz-content-sha256 must be signed');
  }
  const canonical: CanonicalInput = {
    method: request.method,
    path: request.path,
    query: request.query,
    headers: request.headers,
    signedHeaders: auth.signedHeaders,
    payloadHash,
  };
  const expected = sigV4Signature(config.credentials.secretAccessKey, amzDate!, config.region, canonical);
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(auth.signature))) {
    return fail(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  return null;
}
