/**
 * `npm run admin:create -- --email admin@example.com --name "Jane Admin"`: makes an admin account in the
 * database of DATABASE_URL (or the embedded one in DATA_DIR; stop the server first, the embedded database
 * has one user at a time). The password is asked on the terminal without echo (twice), or read from the
 * first line of stdin when it is not a terminal: `printf '%s\n' "$PASSWORD" | npm run admin:create -- …`.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { messages } from '@myprosper/contract/messages';
import { EnvError, loadDotEnv, parseEnv } from '../../config/env.ts';
import { connectDatabase } from '../../db/connection.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../db/embedded.ts';
import { runMigrations } from '../../db/migrate.ts';
import { createAdminAccount } from './admin-accounts.ts';

const usage = 'Usage: npm run admin:create -- --email <e-mail> --name "<full name>"';

class UsageError extends Error {}

/** Asks on the terminal, echoing nothing of what is typed. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stdout.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let typed = '';
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new UsageError('Cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of stdin (a pipe or a file). */
async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const password = await askHidden('Password: ');
  const again = await askHidden('Password again: ');
  if (password !== again) throw new UsageError(messages.passwordMismatch);
  return password;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (!values.email || !values.name) throw new UsageError(usage);
  loadDotEnv();
  const env = parseEnv();
  const password = await readPassword();

  const embedded: EmbeddedPostgres | undefined = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(join(env.DATA_DIR, 'pg'));
  const database = connectDatabase(env.DATABASE_URL ?? embedded?.url ?? '', { max: 2 });
  try {
    await runMigrations(database.db);
    const result = await createAdminAccount(database.db, {
      email: values.email,
      name: values.name,
      password,
    });
    if (!result.ok) throw new UsageError(result.message);
    const where = embedded ? `the embedded database in ${join(env.DATA_DIR, 'pg')}` : 'DATABASE_URL';
    process.stdout.write(
      `Admin account ${values.email.trim()} created (id ${result.id}) in ${where}. Sign in at ${env.PUBLIC_URL.replace(/\/$/, '')}/login and open /admin.\n`,
    );
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  const isExpected = error instanceof UsageError || error instanceof EnvError;
  const isBadArgument = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(isExpected || isBadArgument ? (error as Error).message : error);
  if (isBadArgument) console.error(usage);
  process.exit(1);
});
