import { accountMessages, type RegisterAdvisee } from '@myprosper/contract/profiles';
import type { Db } from '../../db/connection.ts';
import { invalid } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import type { SignIn } from './auth.service.ts';
import type { EmailLinks } from './email-verification.service.ts';
import type { RefreshTokenService } from './refresh-tokens.ts';
import { SignupRepository } from './signup.repository.ts';
import type { TokenService } from './token.service.ts';

/** Advisee sign-up: one account, signed in at once. */
export class SignupService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly refreshTokens: RefreshTokenService,
    private readonly links: EmailLinks,
  ) {}

  /**
   * Creates the advisee and signs them in (the login response and a refresh token). A taken e-mail answers 409
   * and creates nothing (the unique index decides, so a race cannot make two accounts). The phone starts
   * unverified, so a number someone else typed before is no reason to refuse: whoever proves it keeps it. The
   * address is mailed its confirmation link; it counts as confirmed once the link is opened.
   */
  async registerAdvisee(form: RegisterAdvisee, device: string | null): Promise<SignIn> {
    assertPasswordAllowed(form.password, form);
    const passwordHash = await hashPassword(form.password);
    const { account, refresh } = await this.db.transaction(async (tx) => {
      const repository = new SignupRepository(tx);
      if (!(await repository.industryExists(form.industryId))) throw invalid(accountMessages.unknownIndustry);
      const created = await repository.insertAccount({
        email: form.email,
        name: form.name,
        phoneNumber: form.phoneNumber,
        passwordHash,
        role: 'ADVISEE',
        status: 'ACTIVE',
        gender: form.gender,
        dob: form.dob,
        industryId: form.industryId,
        source: form.source,
      });
      return { account: created, refresh: await this.refreshTokens.start(tx, created, device) };
    });
    await this.links.send(account, 'SIGNUP');
    const jwttoken = await this.tokens.sign({
      userId: account.id,
      role: account.role,
      version: account.tokenVersion,
      signInId: refresh.signInId,
    });
    return {
      response: {
        statusCode: 200,
        message: accountMessages.registered,
        jwttoken,
        userId: account.id,
        full_names: account.name,
        role: account.role,
      },
      refresh,
    };
  }
}
