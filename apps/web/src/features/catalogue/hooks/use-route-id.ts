import { useParams } from 'react-router';
import { parseRouteId } from './route-id.ts';

/** A positive integer id from the route (e.g. topicId), or null when the address is malformed. */
export function useRouteId(name: string): number | null {
  return parseRouteId(useParams()[name]);
}
