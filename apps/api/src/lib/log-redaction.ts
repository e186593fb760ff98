import type { FastifyRequest } from 'fastify';

/**
 * Addresses that carry a credential: the M-PESA callback's path token (it names the payment the callback
 * may settle) and the signaling socket's join ticket. Logs keep the address without them.
 */
const credentialInUrl: Array<[RegExp, string]> = [
  [/(\/mpesa\/callback\/)[^/?#]+/, '$1[redacted]'],
  [/([?&]ticket=)[^&#]*/, '$1[redacted]'],
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
