import { join } from 'node:path';
import { buildApp } from './app.ts';
import { EnvError, loadDotEnv, parseEnv, sandboxExposure } from './config/env.ts';
import { resolveSigningSecret } from './config/secrets.ts';
import { connectDatabase } from './db/connection.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { demoLogins, demoPassword, seedDemoData } from './db/seed/demo-seed.ts';
import { shutDown } from './lib/shutdown.ts';

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv();
  const embedded: EmbeddedPostgres | undefined = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(join(env.DATA_DIR, 'pg'));
  const url = env.DATABASE_URL ?? embedded?.url ?? '';
  const database = connectDatabase(url);
  await runMigrations(database.db);
  const seed = env.SEED_DEMO
    ? await seedDemoData(database.db)
    : { seeded: false, reason: 'SEED_DEMO is off' };

  const app = await buildApp({ env, database, signingSecret: resolveSigningSecret(env) });
  if (seed.reason && seed.seeded === false) app.log.info(`demo data not seeded: ${seed.reason}`);
  if (env.NODE_ENV === 'production' && !env.CLAMD_URL) {
    app.log.warn('CLAMD_URL is not set: uploaded files are not scanned for viruses');
  }

  let closing = false;
  const close = (signal: string, drainMs: number) => {
    if (closing) return;
    closing = true;
    void shutDown(app, signal, {
      drainMs,
      limitMs: env.SHUTDOWN_LIMIT_MS,
      closeRest: async () => {
        await database.close();
        await embedded?.stop();
      },
      exit: (code) => process.exit(code),
    });
  };
  // SIGTERM (an orchestrator, a rolling restart) drains first; SIGINT (Ctrl-C at a terminal) does not wait.
  process.on('SIGINT', () => close('SIGINT', 0));
  process.on('SIGTERM', () => close('SIGTERM', env.SHUTDOWN_DRAIN_MS));

  await app.listen({ port: env.PORT, host: env.HOST });
  const exposure = sandboxExposure(env);
  if (exposure) app.log.warn(`WARNING ${'!'.repeat(40)}\n${exposure}`);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const lines = [
    '',
    `  MyProsper is running at http://localhost:${port}`,
    `  Database: ${embedded ? `embedded PostgreSQL (PGlite) in ${join(env.DATA_DIR, 'pg')}` : 'DATABASE_URL'}`,
    env.SANDBOX ? `  Outbox (e-mail and SMS sandbox): http://localhost:${port}/dev/outbox` : '',
    `  API docs: http://localhost:${port}/myprosper/docs`,
    exposure ? `  WARNING: ${exposure}` : '',
    '  Demo logins (password Prosper#2026):'.replace('Prosper#2026', demoPassword),
    ...demoLogins.map((login) => `    ${login.role.padEnd(8)} ${login.email}`),
    '',
  ];
  // Standard output carries JSON log lines only; the banner for a person at a terminal goes to standard error.
  process.stderr.write(`${lines.filter((line) => line !== '').join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
