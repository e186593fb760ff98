/** Codes of failures a caller can act on, each with its HTTP status. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_INPUT: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The one error type of the API: a code for programs and a message safe to show people. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatus[code];
  }
}

export const invalid = (message: string) => new AppError('INVALID_INPUT', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
/** What was once there and is no more (a past or cancelled session). */
export const gone = (message: string) => new AppError('GONE', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);

/** A 429 that says when to come back: the answer carries Retry-After with these seconds. */
export class TooManyError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_REQUESTS', message);
  }
}
