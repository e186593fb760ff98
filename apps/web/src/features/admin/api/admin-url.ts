/** Paths of the admin API (/myprosper/api/admin/...) with a query string of the values that are set. */
export const adminApiBase = '/myprosper/api/admin';

export type QueryValues = Record<string, unknown>;

export function adminUrl(path: string, query: QueryValues = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${adminApiBase}/${path}${search ? `?${search}` : ''}`;
}
