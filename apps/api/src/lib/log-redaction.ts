import type { FastifyRequest } from 'fastify';

/**
 * Addresses that carry a credential: the M-PESA callback's path token (it names the payment the callback
 * may settle) and the signaling socket's join ticket. Logs keep the address without them.
 */
const credentialInUrl: Array<[RegExp, string]> = [
  [/(\/mpesa\/callback\/)[^/?#]+/, '$1[redacted]'],
  [/([?&](?:ticket|token|code|key|signature|sig|secret)=)[^&#]*/gi, '$1[redacted]'],
  // Personal data: no phone number or e-mail address in a log line, however it was written in the address.
  [/[^/?&=#\s]+(?:@|%40)[^/?&=#\s]+/gi, '[email]'],
  [/(?<!\d)(?:\+|%2B)?254[17]\d{8}(?!\d)/gi, '[phone]'],
  [/(?<![\dA-Za-z])0[17]\d{8}(?!\d)/g, '[phone]'],
];

/**
 * Keys of logged objects that hold a credential or personal data, wherever they sit (pino's redact paths):
 * bodies, parameters and errors logged by the code keep their shape without the values.
 */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'phoneNumber',
  'email',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.phoneNumber',
  '*.phone',
  '*.email',
];

export function redactUrl(url: string): string {
  return credentialInUrl.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), url);
}

/** Pino's request serializer as Fastify's own, with the address redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
