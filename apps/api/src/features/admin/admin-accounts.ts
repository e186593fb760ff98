import { validateEmail, validateFullName, validatePassword } from '@myprosper/contract/validation';
import type { Db } from '../../db/connection.ts';
import { hashPassword } from '../../lib/password.ts';
import { passwordProblem } from '../../lib/password-policy.ts';
import { AdminAccountsRepository } from './admin-accounts.repository.ts';

export type CreateAdminResult = { ok: true; id: number } | { ok: false; message: string };

/** Makes an ADMIN account (active at once) after checking the e-mail, name and password rules of sign-up. */
export async function createAdminAccount(
  db: Db,
  input: { email: string; name: string; password: string },
): Promise<CreateAdminResult> {
  const email = input.email.trim();
  const name = input.name.trim().replace(/\s+/g, ' ');
  const problem =
    validateEmail(email) ??
    validateFullName(name) ??
    validatePassword(input.password) ??
    passwordProblem(input.password, { email, name });
  if (problem) return { ok: false, message: problem };
  const repository = new AdminAccountsRepository(db);
  const existing = await repository.findByEmail(email);
  if (existing) {
    return {
      ok: false,
      message: `${email} is already registered (${existing.role.toLowerCase()}, id ${existing.id}); use another e-mail`,
    };
  }
  const id = await repository.insertAdmin({ email, name, passwordHash: await hashPassword(input.password) });
  return { ok: true, id };
}
