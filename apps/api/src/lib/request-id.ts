import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming X-Request-Id is kept when it is a sane id: 1 to 128 of letters, digits and . _ : - */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the caller's X-Request-Id (a load balancer's, another service's) when it is sane, so
 * one id follows a request across services; else a new UUID, unique across restarts and instances. It is
 * echoed in the answer's X-Request-Id and carried by every log line of the request.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  return value && saneRequestId.test(value) ? value : randomUUID();
}
