import { randomBytes } from 'node:crypto';
import { signInMessages } from '@myprosper/contract/auth';
import { bookingMessages } from '@myprosper/contract/booking';
import { messages } from '@myprosper/contract/messages';
import { encodeBase64Url } from '@myprosper/contract/validation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/sessions.ts';
import { createAdvisee, type UserRow } from '../../src/db/seed/factories.ts';
import { login, randomIp, signToken, uniqueEmail } from '../../src/features/auth/auth.test-helpers.ts';
import { accountDelays } from '../../src/features/auth/sign-in-delays.ts';
import {
  availabilityOf,
  bookingPayload,
  createMentor,
  setTestPrices,
} from '../../src/features/booking/booking.test-helpers.ts';
import { cancel } from '../../src/features/payments/payments.test-helpers.ts';
import { createTestApp, type TestContext } from '../test-app.ts';

/**
 * What guessing costs: log-in, password reset mails, voucher codes, invitation links and M-PESA pushes are
 * limited per account (whatever token or address it uses) and per address (whatever account), with 429 and
 * one clear message; and a limited account answers exactly as one that does not exist. Booking holds (each
 * keeps a slot from everyone else while unpaid) are limited alike, with a message of their own.
 * (apps/api/src/features/auth/rate-limit.integration.test.ts has the per address-and-account log-in limit
 * and the reset mail limits.)
 */

const perMinute = 3;
const bookingsPerHour = 3;
const tooMany = { statusCode: 429, message: messages.tooManyRequests, code: 'TOO_MANY_REQUESTS' };
const tooManyBookings = { ...tooMany, message: bookingMessages.tooManyBookings };

describe('brute force is limited per account and per address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      RATE_LIMIT_LOGIN_PER_MINUTE: String(perMinute),
      RATE_LIMIT_BOOKINGS_PER_HOUR: String(bookingsPerHour),
      JOBS_ENABLED: 'false',
    });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  /** Another session of the user, as a log-in on another device gives: a token of its own. */
  async function tokenOf(user: UserRow): Promise<string> {
    const token = await signToken(ctx.app.signingSecret, user, { id: randomBytes(8).toString('hex') });
    return `Bearer ${token}`;
  }

  type Attempt = { authorization?: string; ip: string };
  /**
   * Makes `allowed` attempts, each as `attemptBy` says, none of them refused for their number; then one
   * more, which must be: 429 with the message for too many attempts (or `refusal`).
   */
  async function expectLimit(
    request: { method: 'GET' | 'POST'; url: string; payload?: object },
    allowed: number,
    attemptBy: (n: number) => Attempt | Promise<Attempt>,
    refusal: { statusCode: number; message: string; code: string } = tooMany,
  ) {
    for (let n = 0; n <= allowed; n++) {
      const { authorization, ip } = await attemptBy(n);
      const res = await ctx.app.inject({
        ...request,
        remoteAddress: ip,
        headers: authorization ? { authorization } : {},
      });
      if (n < allowed) {
        expect(res.statusCode, `attempt ${n + 1}: ${res.body}`).not.toBe(429);
      } else {
        expect(res.statusCode, `attempt ${n + 1}`).toBe(429);
        expect(res.json()).toEqual(refusal);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
  }

  const advisees = (count: number) =>
    Promise.all(Array.from({ length: count }, () => createAdvisee(ctx.database.db)));
  /** Four accounts, so an address limit of 30 is reached with none of them over its own limit of 10. */
  const rotate = (people: UserRow[], ip: string) => async (n: number) => ({
    authorization: await tokenOf(people[n % people.length]!),
    ip,
  });

  describe('log-in', () => {
    it('slows one account tried from many addresses (progressive delays, sign-in-delays.ts)', async () => {
      const [person] = await advisees(1);
      const waitASecond = { ...tooMany, message: signInMessages.waitAfterFailures(1) };
      await expectLimit(
        {
          method: 'POST',
          url: '/myprosper/auth/authenticate',
          payload: { username: person!.email, password: 'Wrong#Pass1' },
        },
        accountDelays.free,
        () => ({ ip: randomIp() }),
        waitASecond,
      );
      // The right password waits the same way, from yet another address (as just after the last failure).
      await ctx.database.db.execute(sql`update sign_in_failures set last_failed_at = now()`);
      const res = await login(ctx.app, person!.email, 'Prosper#2026', randomIp());
      expect(res.json()).toEqual(waitASecond);
    });

    it('answers a limited account exactly as an unknown one: no oracle of who has an account', async () => {
      const [person] = await advisees(1);
      const suspended = await createAdvisee(ctx.database.db, { status: 'SUSPENDED' });
      const answersFor = async (username: string) => {
        const ip = randomIp();
        const seen: string[] = [];
        for (let n = 0; n <= perMinute; n++) {
          const res = await login(ctx.app, username, 'Wrong#Pass1', ip);
          seen.push(`${res.statusCode} ${res.body}`);
        }
        return seen;
      };
      const known = await answersFor(person!.email);
      expect(known.at(-1)).toBe(`429 ${JSON.stringify(tooMany)}`);
      expect(known[0]).toContain(messages.incorrectLogin);
      expect(await answersFor(uniqueEmail('nobody'))).toEqual(known);
      expect(await answersFor(suspended.email)).toEqual(known);
    });
  });

  describe('password reset mails', () => {
    it('answers the same for an address with an account and one without, limited or not', async () => {
      const [person] = await advisees(1);
      const answersFor = async (email: string) => {
        const seen: string[] = [];
        for (let n = 0; n <= 3; n++) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/myprosper/auth/forgotPassword',
            remoteAddress: randomIp(),
            payload: { email },
          });
          seen.push(`${res.statusCode} ${res.body}`);
        }
        return seen;
      };
      const known = await answersFor(person!.email);
      expect(known.at(-1)).toBe(`429 ${JSON.stringify(tooMany)}`);
      expect(await answersFor(uniqueEmail('nobody'))).toEqual(known);
    });
  });

  describe('voucher codes', () => {
    const guess = {
      method: 'POST' as const,
      url: '/myprosper/api/redeemVoucher',
      payload: { sessionId: 1, voucherCode: 'ABCDEFGHJKMNPQRS' },
    };

    it('limits one account, whichever of its tokens and addresses it uses', async () => {
      const [person] = await advisees(1);
      await expectLimit(guess, 10, async () => ({ authorization: await tokenOf(person!), ip: randomIp() }));
    });

    it('limits one address, whichever accounts it uses', async () => {
      await expectLimit(guess, 30, rotate(await advisees(4), randomIp()));
    });
  });

  describe('invitation links', () => {
    it('limits the link status a visitor may ask from one address', async () => {
      const ip = randomIp();
      await expectLimit(
        { method: 'GET', url: `/myprosper/api/invitationStatus/1/${encodeBase64Url('254700000001')}` },
        60,
        () => ({ ip }),
      );
    });

    it('limits accepting per account and per address', async () => {
      const [person] = await advisees(1);
      const accept = (adviseeId: number) => ({
        method: 'POST' as const,
        url: '/myprosper/api/acceptInvitation',
        payload: { adviseeId, sessionId: 1 },
      });
      await expectLimit(accept(person!.id), 10, async () => ({
        authorization: await tokenOf(person!),
        ip: randomIp(),
      }));
      await expectLimit(accept(1), 30, rotate(await advisees(4), randomIp()));
    });
  });

  describe('M-PESA pushes (each rings a phone)', () => {
    const push = {
      method: 'POST' as const,
      url: '/myprosper/api/makeMpesaPayment',
      payload: { sessionId: 1 },
    };
    const voucherPush = {
      method: 'POST' as const,
      url: '/myprosper/api/makeVoucherMpesaPayment',
      payload: { reference: 'VCH-AAAAAA', phoneNumber: '0700000003' },
    };

    it('limits one account, whichever of its tokens and addresses it uses', async () => {
      for (const request of [push, voucherPush]) {
        const [person] = await advisees(1);
        await expectLimit(request, 10, async () => ({
          authorization: await tokenOf(person!),
          ip: randomIp(),
        }));
      }
    });

    it('limits one address, whichever accounts it uses', async () => {
      for (const request of [push, voucherPush]) {
        await expectLimit(request, 30, rotate(await advisees(4), randomIp()));
      }
    });
  });
  describe('booking holds (each keeps a slot from everyone else, unpaid, for a while)', () => {
    it('limits the slots one account holds in an hour, whichever of its tokens and addresses it uses', async () => {
      const db = ctx.database.db;
      await setTestPrices(db);
      const { advisor, topic } = await createMentor(db);
      const { bookableSlots } = await availabilityOf(ctx.app, advisor.id);
      const [person] = await advisees(1);
      const book = async (slotIndex: number) =>
        ctx.app.inject({
          method: 'POST',
          url: '/myprosper/api/bookSession',
          remoteAddress: randomIp(),
          headers: { authorization: await tokenOf(person!) },
          payload: bookingPayload(advisor.id, topic.id, bookableSlots[slotIndex]!),
        });
      // Each hold given up before the next (unpaid holds at once have their own limit, holds.integration.test.ts):
      // the bookings of the hour still count.
      for (let n = 0; n < bookingsPerHour; n++) {
        const res = await book(n);
        expect(res.statusCode, res.body).toBe(200);
        const cancelled = await cancel(ctx, person!, res.json().data.id);
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      }
      const refused = await book(bookingsPerHour);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(tooManyBookings);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const held = await db.select().from(sessions).where(eq(sessions.adviseeId, person!.id));
      expect(held).toHaveLength(bookingsPerHour);
      // Another person still books the slot the refused one asked for.
      const [other] = await advisees(1);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/myprosper/api/bookSession',
        remoteAddress: randomIp(),
        headers: { authorization: await tokenOf(other!) },
        payload: bookingPayload(advisor.id, topic.id, bookableSlots[bookingsPerHour]!),
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('limits one address to ten times that, whichever accounts it uses', async () => {
      // Eleven accounts in turn: none reaches its own limit of 3 within the 31 attempts.
      await expectLimit(
        { method: 'POST', url: '/myprosper/api/bookSession', payload: {} },
        bookingsPerHour * 10,
        rotate(await advisees(11), randomIp()),
        tooManyBookings,
      );
    });
  });
});
