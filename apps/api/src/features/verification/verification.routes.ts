import { errorEnvelope } from '@myprosper/contract/common';
import {
  phoneCodeSentResponse,
  phoneProofResponse,
  phoneStatusResponse,
  sendApplicationCodeRequest,
  sendPhoneCodeRequest,
  verificationMessages,
  verifyApplicationCodeRequest,
  verifyPhoneCodeRequest,
} from '@myprosper/contract/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerAddress } from '../../lib/rate-limits.ts';
import { ok } from '../../lib/reply.ts';
import { VerificationRepository } from './verification.repository.ts';
import type { PhoneVerificationService } from './verification.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
};

/** Code checks one address may send a minute (each code allows 5 tries; this slows guessing across codes). */
const checksPerMinute = 30;

/**
 * Proving phone numbers, under /myprosper: /auth/phone (signed in: the account's own number or a new one) and
 * /auth/application/phone (a mentor applicant, who has no account yet).
 */
export const verificationRoutes: FastifyPluginAsyncZod<{ phones: PhoneVerificationService }> = async (
  app,
  { phones },
) => {
  const checksPerAddress = limitPerAddress(app, 'phone-code-check', checksPerMinute);

  app.get(
    '/auth/phone',
    {
      schema: {
        tags: ['verification'],
        summary: "The caller's phone number and whether it is verified",
        security: [{ bearer: [] }],
        response: { 200: phoneStatusResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const phone = await new VerificationRepository(app.db.db).phoneOf(request.user!.id);
      return ok({
        phoneNumber: phone?.phoneNumber ?? null,
        verified: Boolean(phone?.phoneNumber && phone.phoneVerifiedAt),
      });
    },
  );

  app.post(
    '/auth/phone/sendCode',
    {
      schema: {
        tags: ['verification'],
        summary:
          "Send a code by SMS to the account's own number, or (phoneNumber) to a new number it is to change to",
        security: [{ bearer: [] }],
        body: sendPhoneCodeRequest,
        response: { 200: phoneCodeSentResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await phones.requestForAccount(request.user!.id, request.body.phoneNumber, request.ip),
        verificationMessages.codeSent,
      ),
  );

  app.post(
    '/auth/phone/verify',
    {
      schema: {
        tags: ['verification'],
        summary:
          'Type the code: the number becomes the account’s verified number (others holding it unverified lose it)',
        security: [{ bearer: [] }],
        body: verifyPhoneCodeRequest,
        response: { 200: phoneStatusResponse, ...errors },
      },
      onRequest: [app.requireUser, checksPerAddress],
    },
    async (request) => {
      const phoneNumber = await phones.verifyForAccount(
        request.user!.id,
        request.body.code,
        request.body.phoneNumber,
      );
      return ok({ phoneNumber, verified: true }, verificationMessages.phoneVerified);
    },
  );

  app.post(
    '/auth/application/phone/sendCode',
    {
      schema: {
        tags: ['verification'],
        summary: "Send a code by SMS to a mentor applicant's number",
        body: sendApplicationCodeRequest,
        response: { 200: phoneCodeSentResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        await phones.requestCode({
          userId: null,
          purpose: 'APPLICATION',
          phoneNumber: request.body.phoneNumber,
          address: request.ip,
        }),
        verificationMessages.codeSent,
      ),
  );

  app.post(
    '/auth/application/phone/verify',
    {
      schema: {
        tags: ['verification'],
        summary: "Type an applicant's code: answers the signed proof the application must carry (phoneProof)",
        body: verifyApplicationCodeRequest,
        response: { 200: phoneProofResponse, ...errors },
      },
      onRequest: checksPerAddress,
    },
    async (request) => {
      const { phoneNumber, code } = request.body;
      const phoneProof = await phones.verifyForApplication(phoneNumber, code);
      return ok({ phoneNumber, phoneProof }, verificationMessages.phoneVerified);
    },
  );
};
