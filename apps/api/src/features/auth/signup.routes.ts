import { authenticateResponse } from '@myprosper/contract/auth';
import { errorEnvelope } from '@myprosper/contract/common';
import { registerAdviseeRequest } from '@myprosper/contract/profiles';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignIn } from './auth.service.ts';
import { deviceOf } from './device-name.ts';
import type { EmailLinks } from './email-verification.service.ts';
import type { RefreshTokenService } from './refresh-tokens.ts';
import { SignupService } from './signup.service.ts';

/** What happens once an advisee account exists (its phone code is sent); a failure there is only logged. */
export type SignedUp = (account: { id: number; phoneNumber: string }, address: string) => Promise<void>;

export interface SignupRoutesOptions {
  signedUp?: SignedUp;
  refreshTokens: RefreshTokenService;
  /** Sets the sign-in's refresh cookie and answers its login response. */
  signedIn: (reply: FastifyReply, signIn: SignIn) => SignIn['response'];
  /** Mails the new account's address its confirmation link. */
  links: EmailLinks;
}

/** POST /myprosper/auth/registerAdvisee (registered inside authRoutes, prefix /myprosper). */
export const signupRoutes: FastifyPluginAsyncZod<SignupRoutesOptions> = async (app, options) => {
  const service = new SignupService(app.db.db, app.tokens, options.refreshTokens, options.links);

  app.post(
    '/auth/registerAdvisee',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Advisee sign-up with the spec's rules; answers the login response (signed in at once) and texts a code to prove the phone",
        body: registerAdviseeRequest,
        response: { 200: authenticateResponse, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
      config: { rateLimit: { max: app.env.RATE_LIMIT_SIGNUPS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const signIn = await service.registerAdvisee(request.body, deviceOf(request));
      try {
        await options.signedUp?.(
          { id: signIn.response.userId, phoneNumber: request.body.phoneNumber },
          request.ip,
        );
      } catch (error) {
        request.log.error({ err: error }, 'could not send the new account its phone code');
      }
      return options.signedIn(reply, signIn);
    },
  );
};
