import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/connection.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

/**
 * On a PostgreSQL server (TEST_DATABASE_URL), migrate a template database once; each test file then gets
 * its own database copied from it. On the embedded database, every test file starts its own PGlite.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // A name of its own per run, so runs side by side on one server never share a template.
  const templateName = `myprosper_template_${randomBytes(5).toString('hex')}`;
  project.provide('templateDatabase', templateName);
  if (!serverUrl) return undefined;
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
