/**
 * `npm run seed [-- --force]`: migrates the database of DATABASE_URL (or the embedded one in DATA_DIR) and
 * adds the demo data. Without --force it only seeds a database with no users.
 */
import { join } from 'node:path';
import { EnvError, loadDotEnv, parseEnv } from '../../config/env.ts';
import { connectDatabase } from '../connection.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../embedded.ts';
import { runMigrations } from '../migrate.ts';
import { demoLogins, demoPassword, seedDemoData } from './demo-seed.ts';

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv();
  const force = process.argv.includes('--force');
  const embedded: EmbeddedPostgres | undefined = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(join(env.DATA_DIR, 'pg'));
  const database = connectDatabase(env.DATABASE_URL ?? embedded?.url ?? '', { max: 2 });
  try {
    await runMigrations(database.db);
    const result = await seedDemoData(database.db, { force });
    const where = embedded ? `embedded database in ${join(env.DATA_DIR, 'pg')}` : 'DATABASE_URL';
    const lines = [
      result.seeded
        ? `Demo data added to the ${where}.`
        : `Nothing seeded in the ${where}: ${result.reason}.`,
      ...Object.entries(result.added ?? {})
        .filter(([, n]) => n > 0)
        .map(([what, n]) => `  ${what}: ${n}`),
    ];
    if (result.seeded) {
      lines.push(`Demo logins (password ${demoPassword}):`);
      for (const login of demoLogins) lines.push(`  ${login.role.padEnd(8)} ${login.email}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
