import { describe, expect, it } from 'vitest';
import {
  amzDateOf,
  canonicalQuery,
  canonicalUri,
  parseAmzDate,
  parseAuthorization,
  sha256Hex,
  signS3Request,
} from './s3-signature.ts';

/** The examples of AWS's "Signature Calculations for the Authorization Header" (S3 API reference). */
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const now = new Date('2013-05-24T00:00:00Z');
const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('S3 signature version 4', () => {
  it("signs AWS's GET Object example (a byte range) with the published signature", () => {
    const headers = signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: sha256Hex(''),
      region: 'us-east-1',
      credentials,
      now,
    });
    expect(headers['x-amz-content-sha256']).toBe(emptyHash);
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it("signs AWS's PUT Object example (a key with '$', a signed Date header) with the published signature", () => {
    const body = 'Welcome to Amazon S3.';
    const headers = signS3Request({
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex(body),
      region: 'us-east-1',
      credentials,
      now,
    });
    expect(headers['x-amz-content-sha256']).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    expect(headers.authorization).toMatch(
      /SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/,
    );
  });

  it('canonicalises paths and queries as S3 does', () => {
    expect(canonicalUri('/test$file.text')).toBe('/test%24file.text');
    expect(canonicalUri('/test%24file.text')).toBe('/test%24file.text');
    expect(canonicalUri('/bucket/images/a b.webp')).toBe('/bucket/images/a%20b.webp');
    expect(canonicalQuery('max-keys=2&prefix=J&acl')).toBe('acl=&max-keys=2&prefix=J');
  });

  it('reads the Authorization header back, and refuses what is not one', () => {
    const headers = signS3Request({
      method: 'DELETE',
      url: new URL('http://localhost:3000/sandbox/s3/uploads/images/x.webp'),
      headers: {},
      payloadHash: emptyHash,
      region: 'af-south-1',
      credentials,
      now,
    });
    expect(parseAuthorization(headers.authorization)).toMatchObject({
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      date: '20130524',
      region: 'af-south-1',
      service: 's3',
      terminal: 'aws4_request',
      signedHeaders: ['host', 'x-amz-content-sha256', 'x-amz-date'],
    });
    expect(parseAuthorization('Bearer abc')).toBeNull();
    expect(
      parseAuthorization('AWS4-HMAC-SHA256 Credential=a/b, SignedHeaders=host, Signature=zz'),
    ).toBeNull();
    expect(amzDateOf(now)).toBe('20130524T000000Z');
    expect(parseAmzDate('20130524T000000Z')).toEqual(now);
    expect(parseAmzDate('2013-05-24')).toBeNull();
  });
});
