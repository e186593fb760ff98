/** Success range of the spec: 200-299. Kept apart from the schemas so the web shell can use it without zod. */
export function isSuccessStatus(statusCode: number): boolean {
  return statusCode >= 200 && statusCode <= 299;
}
