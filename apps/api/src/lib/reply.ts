/** The envelope of a successful answer. */
export function ok<T>(data: T, message = 'Success'): { statusCode: 200; message: string; data: T } {
  return { statusCode: 200, message, data };
}

export function done(message: string): { statusCode: 200; message: string } {
  return { statusCode: 200, message };
}
