import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const demoPassword = 'Prosper#2026';
export const demo = {
  advisee: 'advisee@myprosper.test',
  mentor: 'mentor@myprosper.test',
  admin: 'admin@myprosper.test',
} as const;

interface LoginResponse {
  jwttoken: string;
  userId: number;
  full_names: string;
  role: string;
}

/** Signs in through the API and puts the session where the app keeps it, without going through the form. */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<LoginResponse> {
  const response = await page.request.post('/myprosper/auth/authenticate', {
    data: { username: email, password },
  });
  if (!response.ok())
    throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  const login = (await response.json()) as LoginResponse;
  // Stored once per tab (as a sign-in does), not again on every page: after Logout, or once the sign-in has
  // ended, the next page must not find the old token put back.
  await page.addInitScript(
    (session) => {
      const injected = `e2e-signed-in:${session.jwttoken}`;
      if (window.sessionStorage.getItem(injected)) return;
      window.sessionStorage.setItem(injected, 'yes');
      if (window.localStorage.getItem('token')) return;
      window.localStorage.setItem('token', session.jwttoken);
      window.localStorage.setItem('userId', String(session.userId));
      window.localStorage.setItem('username', session.email);
      window.localStorage.setItem('userRole', session.role);
      window.localStorage.setItem('cookieAccepted', 'true');
    },
    { ...login, email },
  );
  return login;
}

/** Hides the cookie banner for journeys that are not about it. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('cookieAccepted', 'true'));
}

interface OutboxMessage {
  id: number;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body: string;
}

/** The newest message to this recipient in the sandbox outbox, waiting for it to arrive. */
export async function latestMessageTo(
  request: APIRequestContext,
  recipient: string,
  options: { after?: number; timeoutMs?: number; matching?: RegExp } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(recipient)}`);
    const { data } = (await response.json()) as { data: OutboxMessage[] };
    const message = data.find((m) => m.id > (options.after ?? 0) && (options.matching?.test(m.body) ?? true));
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no message to ${recipient} arrived`);
}

export async function lastMessageId(request: APIRequestContext, recipient: string): Promise<number> {
  const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(recipient)}`);
  const { data } = (await response.json()) as { data: OutboxMessage[] };
  return data[0]?.id ?? 0;
}

export function linkIn(body: string, pathPrefix: string): string {
  const match = body.match(new RegExp(`https?://[^\\s]+${pathPrefix.replaceAll('/', '\\/')}[^\\s]*`));
  if (!match) throw new Error(`no ${pathPrefix} link in: ${body}`);
  return match[0];
}

export type Auth = { authorization: string };

/** The M-PESA sandbox phone that pays (apps/api/sandbox/README.md). */
export const paysPhone = '254708374149';

/** Logs in through the API (not the form); answers the person's id, name and authorization header. */
export async function logIn(request: APIRequestContext, email: string, password = demoPassword) {
  const response = await request.post('/myprosper/auth/authenticate', {
    data: { username: email, password },
  });
  if (!response.ok())
    throw new Error(`log-in of ${email} failed: ${response.status()} ${await response.text()}`);
  const login = (await response.json()) as LoginResponse;
  return {
    userId: login.userId,
    name: login.full_names,
    token: login.jwttoken,
    auth: { authorization: `Bearer ${login.jwttoken}` } as Auth,
  };
}

/** A Kenyan mobile number nobody has (an invited guest who never signs up): 07 and 8 digits, the first not 0. */
export function freshPhone(): { local: string; normalised: string } {
  const digits = `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return { local: `07${digits}`, normalised: `2547${digits}` };
}

/** The demo mentor's user id. */
export const demoMentorId = async (request: APIRequestContext) => (await logIn(request, demo.mentor)).userId;

export interface JourneyAdvisee {
  email: string;
  name: string;
  /** 07XXXXXXXX */
  phone: string;
  userId: number;
  token: string;
  auth: Auth;
}

/**
 * A new advisee of one journey only, signed up through the API (so no other journey's bookings get in the
 * way); `email` and `phone` give them chosen ones.
 */
export async function registerAdvisee(
  request: APIRequestContext,
  name: string,
  options: { email?: string; phone?: string } = {},
): Promise<JourneyAdvisee> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const email = options.email ?? `journey.${unique}@example.com`;
  const phone = options.phone ?? `07${unique}`;
  const smsBefore = await lastMessageId(request, storedPhone(phone));
  const response = await request.post('/myprosper/auth/registerAdvisee', {
    data: {
      email,
      name,
      phoneNumber: phone,
      password: demoPassword,
      confirmPassword: demoPassword,
      industryId: 1,
      gender: 'Female',
      dob: '1995-02-03',
      source: 'Friend',
    },
  });
  if (!response.ok()) throw new Error(`sign-up of ${name} failed: ${await response.text()}`);
  const login = (await response.json()) as { jwttoken: string; userId: number };
  // Sign-up texted a code to the phone: typed, it makes the phone verified (booking and paying need it).
  await verifyPhoneWithCode(
    request,
    { authorization: `Bearer ${login.jwttoken}` },
    storedPhone(phone),
    smsBefore,
  );
  return {
    email,
    name,
    phone,
    userId: login.userId,
    token: login.jwttoken,
    auth: { authorization: `Bearer ${login.jwttoken}` },
  };
}

/** 2547XXXXXXXX from 07XXXXXXXX (the form the outbox names SMS recipients in). */
export function storedPhone(local: string): string {
  const digits = local.replace(/\D/g, '');
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
}

/** The 6-digit code of the newest phone code SMS to this number (2547XXXXXXXX) after message `after`. */
export async function phoneCodeFromOutbox(
  request: APIRequestContext,
  phoneNumber: string,
  after = 0,
): Promise<string> {
  // The newest code SMS (the number may also have M-PESA's own texts, from the sandbox).
  const message = await latestMessageTo(request, phoneNumber, { after, matching: /is your MyProsper code/ });
  const code = /^(\d{6}) is your MyProsper code/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in: ${message.body}`);
  return code;
}

/** Types the code sign-up sent to the account's own number (read from the outbox): the phone is verified. */
export async function verifyPhoneWithCode(
  request: APIRequestContext,
  auth: Auth,
  phoneNumber: string,
  after = 0,
): Promise<void> {
  const code = await phoneCodeFromOutbox(request, phoneNumber, after);
  const response = await request.post('/myprosper/auth/phone/verify', { headers: auth, data: { code } });
  if (!response.ok()) throw new Error(`phone of ${phoneNumber} not verified: ${await response.text()}`);
}

/**
 * A mentor applicant's phone proof, got as the wizard's phone step gets it: a code to the number (07…), read
 * from the outbox and typed.
 */
export async function applicationPhoneProof(request: APIRequestContext, phone: string): Promise<string> {
  const stored = storedPhone(phone);
  const before = await lastMessageId(request, stored);
  const sent = await request.post('/myprosper/auth/application/phone/sendCode', {
    data: { phoneNumber: phone },
  });
  if (!sent.ok()) throw new Error(`no code for ${phone}: ${await sent.text()}`);
  const code = await phoneCodeFromOutbox(request, stored, before);
  const verified = await request.post('/myprosper/auth/application/phone/verify', {
    data: { phoneNumber: phone, code },
  });
  if (!verified.ok()) throw new Error(`${phone} not verified: ${await verified.text()}`);
  return ((await verified.json()) as { data: { phoneProof: string } }).data.phoneProof;
}

export interface Slot {
  date: string;
  time: string;
  startsAt: string;
}

/** The mentor's bookable slots, soonest first. */
export async function freeSlots(request: APIRequestContext, mentorId: number): Promise<Slot[]> {
  const response = await request.get(`/myprosper/api/getAdvisorAvailability/${mentorId}`);
  return ((await response.json()) as { data: { bookableSlots: Slot[] } }).data.bookableSlots;
}

/** A mentor to book (the demo mentor by default): their id, name, first topic and free slots. */
export async function bookingMentor(request: APIRequestContext, email: string = demo.mentor) {
  const mentor = await logIn(request, email);
  const details = await request.get(`/myprosper/api/getAdvisorDetails/${mentor.userId}`);
  const topicId = ((await details.json()) as { data: { topics: Array<{ id: number }> } }).data.topics[0]!.id;
  return {
    mentorId: mentor.userId,
    name: mentor.name,
    topicId,
    slots: await freeSlots(request, mentor.userId),
  };
}

/**
 * Books the first of these slots that is free (other journeys take some) through the API, held unpaid for
 * M-PESA; a group session when others are invited. Answers the session id.
 */
export async function bookFirstFree(
  request: APIRequestContext,
  auth: Auth,
  slots: Array<Pick<Slot, 'date' | 'time'>>,
  booking: { mentorId: number; topicId: number; otherAttendees?: string[] },
): Promise<number> {
  const others = booking.otherAttendees ?? [];
  for (const slot of slots) {
    const response = await request.post('/myprosper/api/bookSession', {
      headers: auth,
      data: {
        topicId: booking.topicId,
        selectedDate: slot.date,
        selectedTime: slot.time,
        otherAttendees: others,
        sessionType: others.length > 0 ? 'GROUP' : 'INDIVIDUAL',
        advisorId: booking.mentorId,
        paymentMode: 'MPESA',
        phoneNumber: 'N/A',
        voucherCode: 'N/A',
      },
    });
    if (response.status() === 409) continue;
    if (!response.ok()) throw new Error(`booking failed: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as { data: { id: number } }).data.id;
  }
  throw new Error('no free slot to book');
}

/**
 * Moves a session to start `minutes` from now (negative: in the past), same length, with the journeys' session
 * clock (POST /dev/sessions/:id/move, which also runs the attendance job once).
 */
export async function moveSession(
  request: APIRequestContext,
  sessionId: number,
  minutes: number,
): Promise<void> {
  await moveWithSessionClock(request, sessionId, { startsInMinutes: minutes });
}

/** Ends an unpaid hold `minutes` from now (negative: it has lapsed), with the journeys' session clock. */
export async function moveHoldEnd(
  request: APIRequestContext,
  sessionId: number,
  minutes: number,
): Promise<void> {
  await moveWithSessionClock(request, sessionId, { holdEndsInMinutes: minutes });
}

async function moveWithSessionClock(
  request: APIRequestContext,
  sessionId: number,
  data: { startsInMinutes?: number; holdEndsInMinutes?: number },
): Promise<void> {
  const moved = await request.post(`/dev/sessions/${sessionId}/move`, { data });
  if (!moved.ok())
    throw new Error(`moving session ${sessionId} failed: ${moved.status()} ${await moved.text()}`);
}

/**
 * Books a mentor's earliest free slot (at least two hours ahead) on their first topic for the advisee, held
 * unpaid for M-PESA; answers the session id.
 */
export async function bookEarliestSlot(
  request: APIRequestContext,
  advisee: { auth: Auth },
  mentorEmail: string = demo.mentor,
): Promise<number> {
  const mentor = await bookingMentor(request, mentorEmail);
  return bookFirstFree(request, advisee.auth, mentor.slots, mentor);
}

/** This person's payment state on a session: their own share's in a group, the session's otherwise. */
async function ownPaymentStatus(
  request: APIRequestContext,
  person: { userId: number; auth: Auth },
  sessionId: number,
) {
  const response = await request.get(`/myprosper/api/getAdvisorSessionById/${sessionId}`, {
    headers: person.auth,
  });
  const session = (
    (await response.json()) as {
      data: {
        paymentStatus: string;
        groupSessionAttendees?: Array<{ adviseeId: number; paymentStatus: string }>;
      };
    }
  ).data;
  const own = session.groupSessionAttendees?.find((a) => a.adviseeId === person.userId);
  return own?.paymentStatus ?? session.paymentStatus;
}

/**
 * Pays this person's share by M-PESA through the sandbox and waits until it reads paid: from the sandbox's
 * paying number, or `from` (the person's own verified number, so that a refund may go back to it).
 */
export async function payByMpesa(
  request: APIRequestContext,
  person: { userId: number; auth: Auth },
  sessionId: number,
  options: { from?: string } = {},
): Promise<void> {
  const pushed = await request.post('/myprosper/api/makeMpesaPayment', {
    headers: person.auth,
    data: { phoneNumber: options.from ?? paysPhone, sessionId },
  });
  if (!pushed.ok()) throw new Error(`the M-PESA push failed: ${await pushed.text()}`);
  const deadline = Date.now() + 20_000;
  while ((await ownPaymentStatus(request, person, sessionId)) !== 'PAID') {
    if (Date.now() > deadline) throw new Error(`session ${sessionId} was not paid within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Presses "Show more mentors" on a list of mentors until every page is shown. */
export async function showEveryMentor(page: Page): Promise<void> {
  const cards = page.getByRole('link', { name: 'View Profile' });
  await expect(cards.first()).toBeVisible();
  const more = page.getByRole('button', { name: 'Show more mentors' });
  while (await more.isVisible()) {
    const before = await cards.count();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
  }
}
