import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/connection.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    /** The embedded database's migrated data directory, as a tar file each test file starts a copy of. */
    embeddedTemplate: string;
  }
}

/**
 * Migrate once per run: on a PostgreSQL server (TEST_DATABASE_URL) into a template database each test file
 * copies (CREATE DATABASE … TEMPLATE); on the embedded database into a PGlite whose data directory each test
 * file starts a copy of (loadDataDir), instead of creating and migrating a cluster per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // A name of its own per run, so runs side by side on one server never share a template.
  const templateName = `myprosper_template_${randomBytes(5).toString('hex')}`;
  project.provide('templateDatabase', templateName);
  if (!serverUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'myprosper-template-'));
    const file = join(folder, 'pgdata.tar');
    const embedded = await startEmbeddedPostgres();
    const database = connectDatabase(embedded.url, { max: 1 });
    await runMigrations(database.db);
    await database.close();
    writeFileSync(file, Buffer.from(await (await embedded.dumpDataDir()).arrayBuffer()));
    await embedded.stop();
    project.provide('embeddedTemplate', file);
    return async () => rmSync(folder, { recursive: true, force: true });
  }
  project.provide('embeddedTemplate', '');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${templateName}`;
  const database = connectDatabase(url.toString(), { max: 1 });
  await runMigrations(database.db);
  await database.close();
  return async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await dropper.end();
  };
}
