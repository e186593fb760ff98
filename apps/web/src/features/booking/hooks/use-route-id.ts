import { useParams } from 'react-router';

/** A positive whole-number id from the address, or null when the segment is anything else. */
export function useRouteId(name: string): number | null {
  const raw = useParams()[name];
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
