import { accountMessages } from '@myprosper/contract/profiles';
import {
  phoneCodeResendSeconds,
  phoneCodeTries,
  verificationMessages,
} from '@myprosper/contract/verification';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import type { Db } from '../../db/connection.ts';
import { payments } from '../../db/schema/payments.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { phoneCodes } from '../../db/schema/verification.ts';
import { vouchers } from '../../db/schema/vouchers.ts';
import { createBookedSession, createIndustry, createTopic, uniquePhone } from '../../db/seed/factories.ts';
import {
  applicationFields,
  applicationFiles,
  sendApplication,
} from '../advisor-application/application.test-helpers.ts';
import { createUser, mailsTo, randomIp, uniqueEmail, waitForMail } from '../auth/auth.test-helpers.ts';
import {
  api,
  bookingPayload,
  createMentor,
  freeSlot,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { signPhoneProof } from './phone-proof.ts';
import { phoneCodeOf, smsTo, verifyOwnPhone } from './verification.test-helpers.ts';

/** A clock the test moves (codes expire, limits pass) instead of waiting. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

const local = (stored: string) => `0${stored.slice(3)}`;

describe('proven phones: codes, limits, claims, and what an unproven account cannot do', () => {
  let ctx: TestContext;
  let db: Db;
  let industryId: number;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: clock });
    db = ctx.database.db;
    industryId = (await createIndustry(db)).id;
    await setTestPrices(db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Signs up through the API, as the browser does, from an address of its own. */
  async function signUp(phoneNumber: string, name = 'Wanjiru Kamau', address = randomIp()) {
    const email = uniqueEmail('phone');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/registerAdvisee',
      remoteAddress: address,
      payload: {
        email,
        name,
        phoneNumber: local(phoneNumber),
        password: 'Prosper#2026',
        confirmPassword: 'Prosper#2026',
        industryId,
        gender: 'Female',
        dob: '1994-05-17',
        source: 'Friend',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { id: body.userId as number, email, authorization: `Bearer ${body.jwttoken}`, address };
  }

  const call = (url: string, authorization: string | null, payload: object, address = randomIp()) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      headers: authorization ? { authorization } : {},
      payload,
    });

  const userRow = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]!;
  const codeRows = async (phoneNumber: string) =>
    db.select().from(phoneCodes).where(eq(phoneCodes.phoneNumber, phoneNumber));

  it('sign-up texts a code at once; a wrong code is refused, the right one verifies the phone', async () => {
    const phone = uniquePhone();
    const person = await signUp(phone);
    expect((await userRow(person.id)).phoneVerifiedAt).toBeNull();
    const code = await phoneCodeOf(ctx.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await call('/myprosper/auth/phone/verify', person.authorization, { code: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(verificationMessages.wrongCode);
    expect((await userRow(person.id)).phoneVerifiedAt).toBeNull();

    const res = await call('/myprosper/auth/phone/verify', person.authorization, { code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: verificationMessages.phoneVerified,
      data: { phoneNumber: phone, verified: true },
    });
    expect((await userRow(person.id)).phoneVerifiedAt).not.toBeNull();
    // A code works once.
    const again = await call('/myprosper/auth/phone/verify', person.authorization, { code });
    expect(again.json().message).toBe(verificationMessages.codeExpired);
  });

  it('the code SMS is our one text: a name, or anything else typed, never goes into it', async () => {
    const phone = uniquePhone();
    await signUp(phone, 'Visit Evil-Link Com');
    const application = uniquePhone();
    await call('/myprosper/auth/application/phone/sendCode', null, { phoneNumber: local(application) });
    for (const number of [phone, application]) {
      const code = await phoneCodeOf(ctx.app, number);
      const [sms] = await smsTo(ctx.app, number);
      expect(sms!.body).toBe(verificationMessages.smsText(code));
    }
    // No request field can carry text: a message or name sent with the request is refused or ignored.
    const extra = await call('/myprosper/auth/application/phone/sendCode', null, {
      phoneNumber: local(uniquePhone()),
      message: 'Click http://evil.example',
    });
    expect(extra.statusCode).toBe(200);
  });

  it('brute force: after 5 wrong codes even the right one is refused, and the phone stays unproven', async () => {
    const phone = uniquePhone();
    const person = await signUp(phone);
    const code = await phoneCodeOf(ctx.app, phone);
    const wrongs = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => c !== code);
    const answers = [];
    for (const wrong of wrongs.slice(0, phoneCodeTries)) {
      answers.push(
        (await call('/myprosper/auth/phone/verify', person.authorization, { code: wrong })).json(),
      );
    }
    expect(answers.map((a) => a.message)).toEqual([
      ...Array(phoneCodeTries - 1).fill(verificationMessages.wrongCode),
      verificationMessages.tooManyTries,
    ]);
    const right = await call('/myprosper/auth/phone/verify', person.authorization, { code });
    expect(right.statusCode).toBe(422);
    expect(right.json().message).toBe(verificationMessages.tooManyTries);
    expect((await userRow(person.id)).phoneVerifiedAt).toBeNull();
    expect((await codeRows(phone))[0]!.attempts).toBe(phoneCodeTries);
  });

  it('parallel guesses cannot get more than 5 tries at one code', async () => {
    const phone = uniquePhone();
    const person = await signUp(phone);
    const code = await phoneCodeOf(ctx.app, phone);
    const guesses = Array.from({ length: 20 }, (_, i) => String(100000 + i)).filter((c) => c !== code);
    await Promise.all(
      guesses.map((guess) => call('/myprosper/auth/phone/verify', person.authorization, { code: guess })),
    );
    expect((await codeRows(phone))[0]!.attempts).toBe(phoneCodeTries);
    const right = await call('/myprosper/auth/phone/verify', person.authorization, { code });
    expect(right.json().message).toBe(verificationMessages.tooManyTries);
  });

  it('an expired code is refused', async () => {
    const phone = uniquePhone();
    const sent = await call('/myprosper/auth/application/phone/sendCode', null, {
      phoneNumber: local(phone),
    });
    expect(sent.statusCode).toBe(200);
    const code = await phoneCodeOf(ctx.app, phone);
    offsetMs += 11 * 60_000;
    try {
      const res = await call('/myprosper/auth/application/phone/verify', null, { phoneNumber: phone, code });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(verificationMessages.codeExpired);
    } finally {
      offsetMs -= 11 * 60_000;
    }
  });

  it('floods: one code a minute per number, 3 an hour per number, 10 an hour per address', async () => {
    const phone = uniquePhone();
    const send = (phoneNumber: string, address = randomIp()) =>
      call('/myprosper/auth/application/phone/sendCode', null, { phoneNumber: local(phoneNumber) }, address);
    expect((await send(phone)).json()).toMatchObject({
      message: verificationMessages.codeSent,
      data: { phoneNumber: phone, resendInSeconds: phoneCodeResendSeconds },
    });
    const soon = await send(phone);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/^You can ask for a new code in (60|59) seconds$/);
    const start = offsetMs;
    try {
      offsetMs += 61_000;
      expect((await send(phone)).statusCode).toBe(200);
      offsetMs += 61_000;
      expect((await send(phone)).statusCode).toBe(200);
      offsetMs += 61_000;
      const fourth = await send(phone);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().message).toBe(verificationMessages.tooManyCodes);
      expect(await codeRows(phone)).toHaveLength(3);
      expect(await smsTo(ctx.app, phone)).toHaveLength(3);

      const address = randomIp();
      for (let i = 0; i < 10; i++) expect((await send(uniquePhone(), address)).statusCode).toBe(200);
      const eleventh = uniquePhone();
      const refused = await send(eleventh, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(verificationMessages.tooManyCodes);
      expect(await codeRows(eleventh)).toHaveLength(0);
      expect(await smsTo(ctx.app, eleventh)).toHaveLength(0);
    } finally {
      offsetMs = start;
    }
  });

  it("a number that is someone's verified number gets no SMS, and the answer is the same as when one is sent", async () => {
    const owner = await createUser(db, { phoneNumber: uniquePhone() });
    const fresh = uniquePhone();
    const toOwner = await call('/myprosper/auth/application/phone/sendCode', null, {
      phoneNumber: local(owner.phoneNumber!),
    });
    const toFresh = await call('/myprosper/auth/application/phone/sendCode', null, {
      phoneNumber: local(fresh),
    });
    expect(toOwner.statusCode).toBe(toFresh.statusCode);
    expect({ ...toOwner.json(), data: { ...toOwner.json().data, phoneNumber: 'x' } }).toEqual({
      ...toFresh.json(),
      data: { ...toFresh.json().data, phoneNumber: 'x' },
    });
    await phoneCodeOf(ctx.app, fresh);
    expect(await smsTo(ctx.app, owner.phoneNumber!)).toHaveLength(0);
    expect((await codeRows(owner.phoneNumber!))[0]).toMatchObject({ sent: 0 });

    // A signed-in stranger asking to change to that number: the same.
    const stranger = await signUp(uniquePhone());
    offsetMs += 61_000;
    const change = await call('/myprosper/auth/phone/sendCode', stranger.authorization, {
      phoneNumber: local(owner.phoneNumber!),
    }).finally(() => {
      offsetMs -= 61_000;
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().message).toBe(verificationMessages.codeSent);
    expect(await smsTo(ctx.app, owner.phoneNumber!)).toHaveLength(0);
  });

  it("a stranger who registers an invited friend's number gets nothing; the friend then claims it", async () => {
    const friendsPhone = uniquePhone();
    const stranger = await signUp(friendsPhone, 'Stranger Danger');
    const strangerCode = await phoneCodeOf(ctx.app, friendsPhone);
    expect(strangerCode).toMatch(/^\d{6}$/);
    // The stranger cannot read the SMS on the friend's phone, so their account stays unproven.
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/myprosper/auth/phone',
      headers: { authorization: stranger.authorization },
    });
    expect(status.json().data).toEqual({ phoneNumber: friendsPhone, verified: false });
    const booking = await tryBooking(stranger.authorization);
    expect(booking.statusCode).toBe(403);

    // The friend signs up with their own number (not refused), and proves it a minute later.
    const friend = await signUp(friendsPhone, 'Real Friend');
    offsetMs += 61_000;
    try {
      await verifyOwnPhone(ctx.app, friend.authorization, friendsPhone);
    } finally {
      offsetMs -= 61_000;
    }
    expect((await userRow(friend.id)).phoneVerifiedAt).not.toBeNull();
    const strangerAfter = await userRow(stranger.id);
    expect(strangerAfter.phoneNumber).toBeNull();
    expect(strangerAfter.phoneVerifiedAt).toBeNull();
    const mail = await waitForMail(ctx.app, stranger.email);
    expect(mail.subject).toBe(verificationMessages.phoneClaimedSubject);
    expect(mail.body).toContain(`+${friendsPhone}`);
    // The stranger's old code is worth nothing now.
    const late = await call('/myprosper/auth/phone/verify', stranger.authorization, {
      code: strangerCode,
      phoneNumber: local(friendsPhone),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(accountMessages.phoneTaken);
    expect((await userRow(stranger.id)).phoneNumber).toBeNull();
  });

  it('a phone change keeps the old number until the new one is verified', async () => {
    const oldPhone = uniquePhone();
    const person = await createUser(db, { phoneNumber: oldPhone });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/authenticate',
      remoteAddress: randomIp(),
      payload: { username: person.email, password: person.password },
    });
    const authorization = `Bearer ${login.json().jwttoken}`;
    const newPhone = uniquePhone();
    const sent = await call('/myprosper/auth/phone/sendCode', authorization, {
      phoneNumber: local(newPhone),
    });
    expect(sent.statusCode).toBe(200);
    expect((await userRow(person.id)).phoneNumber).toBe(oldPhone);
    const code = await phoneCodeOf(ctx.app, newPhone);
    // The code of the new number does not prove the old one.
    const wrongNumber = await call('/myprosper/auth/phone/verify', authorization, { code });
    expect(wrongNumber.statusCode).toBe(422);
    const res = await call('/myprosper/auth/phone/verify', authorization, {
      code,
      phoneNumber: local(newPhone),
    });
    expect(res.statusCode).toBe(200);
    const after = await userRow(person.id);
    expect(after.phoneNumber).toBe(newPhone);
    expect(after.phoneVerifiedAt).not.toBeNull();
    const same = await call('/myprosper/auth/phone/sendCode', authorization, {
      phoneNumber: local(newPhone),
    });
    expect(same.json().message).toBe(verificationMessages.sameNumber);
  });

  it('two accounts verifying one number at once: one wins, the other gets a clear 409', async () => {
    const phone = uniquePhone();
    const first = await signUp(phone);
    const firstCode = await phoneCodeOf(ctx.app, phone);
    offsetMs += 61_000;
    let second: Awaited<ReturnType<typeof signUp>>;
    let secondCode: string;
    try {
      second = await signUp(phone);
      secondCode = await phoneCodeOf(ctx.app, phone, 2);
    } finally {
      offsetMs -= 61_000;
    }
    const answers = await Promise.all([
      call('/myprosper/auth/phone/verify', first.authorization, { code: firstCode }),
      call('/myprosper/auth/phone/verify', second.authorization, { code: secondCode }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(accountMessages.phoneTaken);
    const holders = await db.select().from(users).where(eq(users.phoneNumber, phone));
    expect(holders).toHaveLength(1);
    expect(holders[0]!.phoneVerifiedAt).not.toBeNull();
  });

  async function tryBooking(authorization: string) {
    const { advisor, topic } = await createMentor(db);
    const slot = await freeSlot(ctx.app, advisor.id);
    return call(`${api}/bookSession`, authorization, bookingPayload(advisor.id, topic.id, slot));
  }

  it('an unverified account cannot book, hold, reschedule, pay or buy a voucher: 403, nothing written', async () => {
    const person = await signUp(uniquePhone());
    const { advisor, topic } = await createMentor(db);
    const own = await createBookedSession(db, {
      advisorId: advisor.id,
      adviseeId: person.id,
      topicId: topic.id,
      startsAt: new Date(Date.now() + 5 * 86_400_000),
      status: 'PENDING_PAYMENT',
    });
    const sessionId = own.id;
    const slot = await freeSlot(ctx.app, advisor.id);
    const tally = async () => ({
      sessions: (await db.select({ n: count() }).from(sessions))[0]!.n,
      payments: (await db.select({ n: count() }).from(payments))[0]!.n,
      vouchers: (await db.select({ n: count() }).from(vouchers))[0]!.n,
      own: (await db.select().from(sessions).where(eq(sessions.id, sessionId)))[0],
    });
    const before = await tally();
    const attempts: Array<[string, object]> = [
      [`${api}/bookSession`, bookingPayload(advisor.id, topic.id, slot)],
      [`${api}/rescheduleSession`, { sessionId, selectedDate: slot.date, selectedTime: slot.time }],
      [`${api}/makeMpesaPayment`, { sessionId, phoneNumber: '0708374149' }],
      [`${api}/checkoutSession`, { sessionId }],
      [`${api}/generateCardHttpSignature`, { purpose: 'SESSION', id: sessionId }],
      [`${api}/redeemVoucher`, { sessionId, voucherCode: 'ABCD-EFGH' }],
      [
        `${api}/createVoucher`,
        {
          adviseeId: person.id,
          topicId: topic.id,
          advisorId: advisor.id,
          paymentMode: 'MPESA',
          mpesaPhoneNumber: '0708374149',
          recipientName: 'Friend Name',
          recipientPhoneNumber: local(uniquePhone()),
          recipientEmail: uniqueEmail('gift'),
          recipientNote: 'Call me',
        },
      ],
      [`${api}/makeVoucherMpesaPayment`, { reference: 'V-123', phoneNumber: '0708374149' }],
    ];
    for (const [url, payload] of attempts) {
      const res = await call(url, person.authorization, payload);
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
        url,
        status: 403,
        message: verificationMessages.phoneNotVerified,
      });
    }
    expect(await tally()).toEqual(before);
    // No mail but sign-up's link to confirm the address.
    const mails = await mailsTo(ctx.app, person.email);
    expect(mails.filter((mail) => !mail.body.includes('/verify-email/'))).toEqual([]);
  });

  describe('the mentor application', () => {
    let topicId: number;
    beforeAll(async () => {
      topicId = (await createTopic(db)).id;
    });

    async function proofFor(phoneNumber: string, smsBefore = 0): Promise<string> {
      const sent = await call('/myprosper/auth/application/phone/sendCode', null, {
        phoneNumber: local(phoneNumber),
      });
      expect(sent.statusCode).toBe(200);
      const code = await phoneCodeOf(ctx.app, phoneNumber, smsBefore + 1);
      const res = await call('/myprosper/auth/application/phone/verify', null, {
        phoneNumber: local(phoneNumber),
        code,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.phoneProof;
    }

    it('is refused without a valid proof for its own phone, and writes nothing', async () => {
      const phone = uniquePhone();
      const otherProof = await proofFor(uniquePhone());
      const forged = await signPhoneProof('another-secret-'.padEnd(48, 'y'), phone, new Date());
      const expired = await signPhoneProof(
        'test-secret-'.padEnd(48, 'x'),
        phone,
        new Date(Date.now() - 2 * 3600_000),
      );
      for (const phoneProof of ['', 'not-a-proof', otherProof, forged, expired]) {
        const fields = applicationFields(industryId, [topicId], { phoneNumber: local(phone), phoneProof });
        const res = await sendApplication(ctx.app, fields, await applicationFiles());
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toBe(verificationMessages.applicationPhoneNotVerified);
        const rows = await db
          .select()
          .from(users)
          .where(eq(users.email, fields.email as string));
        expect(rows).toEqual([]);
      }
    });

    it('with the proof: the mentor account starts with its phone verified, and takes it from unproven holders', async () => {
      const phone = uniquePhone();
      const squatter = await signUp(phone);
      offsetMs += 61_000;
      let phoneProof: string;
      try {
        await phoneCodeOf(ctx.app, phone);
        phoneProof = await proofFor(phone, 1);
      } finally {
        offsetMs -= 61_000;
      }
      const fields = applicationFields(industryId, [topicId], { phoneNumber: local(phone), phoneProof });
      const res = await sendApplication(ctx.app, fields, await applicationFiles());
      expect(res.statusCode).toBe(200);
      const [mentor] = await db
        .select()
        .from(users)
        .where(eq(users.email, fields.email as string));
      expect(mentor).toMatchObject({ phoneNumber: phone, role: 'ADVISOR' });
      expect(mentor!.phoneVerifiedAt).not.toBeNull();
      expect((await userRow(squatter.id)).phoneNumber).toBeNull();
      expect((await waitForMail(ctx.app, squatter.email)).subject).toBe(
        verificationMessages.phoneClaimedSubject,
      );
    });
  });
});
