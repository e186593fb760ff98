import type { FastifyInstance } from 'fastify';
import { PhoneVerificationService } from './verification.service.ts';

/**
 * The phone verification service of the app (built once in app.ts: sign-up, the mentor application and the
 * routes share it); the SMS it still has going out are waited for when the app closes.
 */
export function createPhoneVerification(app: FastifyInstance): PhoneVerificationService {
  const phones = new PhoneVerificationService({
    db: app.db.db,
    sms: () => (app.hasDecorator('sms') ? app.sms : null),
    mailer: app.mailer,
    log: app.log,
    secret: app.signingSecret,
    now: app.tokens.now,
    limits: {
      perNumberPerHour: app.env.PHONE_CODES_PER_NUMBER_PER_HOUR,
      perAddressPerHour: app.env.PHONE_CODES_PER_ADDRESS_PER_HOUR,
    },
  });
  app.addHook('onClose', () => phones.settle());
  return phones;
}
