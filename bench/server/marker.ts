// The benchmark database's marker (its comment): what the generator made, so a later run reuses a database of
// the right size.
import type pg from 'pg';
import { type DatasetSize, generatorVersion } from './dataset.ts';

export interface Marker {
  generatorVersion: number;
  size: DatasetSize;
  /** ISO date the data was made on: sessions lie in weeks around it. */
  generatedOn: string;
  seconds: number;
}

/** Marker older than this is made again: the coming sessions would have become past ones. */
const maxAgeDays = 6;

export async function readMarker(client: pg.Client): Promise<Marker | null> {
  const { rows } = await client.query<{ comment: string | null }>(
    'SELECT shobj_description(oid, $1) AS comment FROM pg_database WHERE datname = current_database()',
    ['pg_database'],
  );
  try {
    const marker = JSON.parse(rows[0]?.comment ?? 'null') as Marker | null;
    return marker && typeof marker === 'object' && 'generatorVersion' in marker ? marker : null;
  } catch {
    return null;
  }
}

/** Whether the database already holds this dataset (same generator, same size, made recently). */
export function markerFits(marker: Marker | null, size: DatasetSize, now = new Date()): boolean {
  if (!marker || marker.generatorVersion !== generatorVersion) return false;
  if (JSON.stringify(marker.size) !== JSON.stringify(size)) return false;
  const ageDays = (now.getTime() - Date.parse(marker.generatedOn)) / 86_400_000;
  return ageDays >= 0 && ageDays < maxAgeDays;
}

export async function writeMarker(client: pg.Client, marker: Marker): Promise<void> {
  const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
  const name = rows[0]!.name.replace(/"/g, '""');
  const text = JSON.stringify(marker).replace(/'/g, "''");
  await client.query(`COMMENT ON DATABASE "${name}" IS '${text}'`);
}
