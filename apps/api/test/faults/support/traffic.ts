import { randomBytes } from 'node:crypto';
import { paymentMessages } from '@myprosper/contract/payments';
import type { BookableSlot } from '@myprosper/contract/slots';
import type { Db } from '../../../src/db/connection.ts';
import {
  createAdvisee,
  createAdvisor,
  createTopic,
  factoryPassword,
  setPricing,
  type UserRow,
} from '../../../src/db/seed/factories.ts';
import { everyDay } from '../../../src/features/booking/booking.test-helpers.ts';
import { formOf } from '../../../src/features/payments/card.test-helpers.ts';
import { phones } from '../../../src/features/payments/payments.test-helpers.ts';
import { creditWallet } from '../../../src/features/payments/session-payments.ts';
import { pause, waitUntil } from './waiting.ts';
import { type Answer, call, postForm } from './world.ts';

/**
 * What people do, over HTTP against the API process: browse, book an hour, pay it by M-PESA, by card on the
 * hosted page, or from the wallet. Every answer is kept, so a test can check afterwards that what the API
 * acknowledged is in the database, whatever happened to the process in between.
 */

export type Mentee = UserRow;
export interface Mentor {
  advisor: UserRow;
  topicId: number;
}

/** The paying phone decides the sandbox's outcome (apps/api/sandbox/README.md). */
export const outcomePhones = {
  pays: [phones.pays, '254711000111', '254722000222'],
  paysWithoutCallback: [phones.noCallback],
  paysTwice: [phones.twice],
  fails: [phones.insufficient, phones.cancelled, phones.timeout, phones.wrongPin],
  failsWithoutCallback: ['254700000004'],
} as const;
export const succeedingPhones = new Set<string>([
  ...outcomePhones.pays,
  ...outcomePhones.paysWithoutCallback,
  ...outcomePhones.paysTwice,
]);

export const testCards = { accept: '4111111111111111', decline: '4000000000000002' } as const;

export async function createPeople(
  db: Db,
  counts: { mentors: number; mentees: number },
): Promise<{ mentors: Mentor[]; mentees: Mentee[] }> {
  await setPricing(db, { priceType: 'INDIVIDUAL', baseSessionPrice: 2500, vatTax: 16 });
  await setPricing(db, { priceType: 'GROUP', baseSessionPrice: 5000, vatTax: 16 });
  const mentors: Mentor[] = [];
  for (let n = 0; n < counts.mentors; n++) {
    const topic = await createTopic(db);
    const advisor = await createAdvisor(db, { topicIds: [topic.id], availability: everyDay });
    mentors.push({ advisor, topicId: topic.id });
  }
  const mentees: Mentee[] = [];
  for (let n = 0; n < counts.mentees; n++) mentees.push(await createAdvisee(db));
  return { mentors, mentees };
}

export interface CardForm {
  payUrl: string;
  fields: Record<string, string>;
}
/** The hosted page's receipt page: its form posts the signed receipt back to the API. */
export interface ReceiptForm {
  action: string;
  fields: Record<string, string>;
}

export interface BookedSession {
  id: number;
  reference: string;
  amount: number;
  host: Mentee;
  mentor: Mentor;
}

/** Every acknowledgement and refusal, by action and status. */
export class Tally {
  readonly counts = new Map<string, number>();
  /** Sessions the API said were booked. */
  readonly booked: BookedSession[] = [];
  /** M-PESA payments the API said were started: their ids and paying phones. */
  readonly pushes: { paymentId: number; sessionId: number; phone: string; at: number }[] = [];
  /** Shares the API said were paid from the wallet. */
  readonly checkedOut: number[] = [];
  /** Card checkouts the hosted page decided (their transaction uuids): each payment must become final. */
  readonly cardDecided: string[] = [];
  /** Receipt forms the browser could not post back (no answer): the person may press Continue again. */
  readonly unsentReceipts: ReceiptForm[] = [];
  /** Unexpected answers (5xx other than a clear 503, unknown messages). */
  readonly surprises: string[] = [];

  count(action: string, status: number | 'no answer'): void {
    const key = `${action} ${status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  summary(): Record<string, number> {
    return Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }
}

/** A call that may find no server (killed, restarting): answers null then. */
async function attempt<T>(tally: Tally, action: string, work: () => Promise<Answer<T>>) {
  try {
    const answer = await work();
    tally.count(action, answer.status);
    if (answer.status >= 500 && answer.status !== 503) {
      tally.surprises.push(`${action} ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
    return answer;
  } catch {
    tally.count(action, 'no answer');
    return null;
  }
}

export class Traffic {
  constructor(
    private readonly base: () => string,
    readonly tally: Tally = new Tally(),
  ) {}

  async slots(mentor: Mentor): Promise<BookableSlot[]> {
    const answer = await attempt(this.tally, 'availability', () =>
      call<{ bookableSlots: BookableSlot[] }>(
        this.base(),
        null,
        'GET',
        `/myprosper/api/getAdvisorAvailability/${mentor.advisor.id}`,
      ),
    );
    return answer?.status === 200 ? answer.data.bookableSlots : [];
  }

  /** Books one of the mentor's free slots (a random one of the first `spread` at least `hoursAhead` away). */
  async book(host: Mentee, mentor: Mentor, spread = 40, hoursAhead = 0): Promise<BookedSession | null> {
    const from = Date.now() + hoursAhead * 3_600_000;
    const free = (await this.slots(mentor)).filter((slot) => new Date(slot.startsAt).getTime() >= from);
    if (free.length === 0) return null;
    const slot = free[Math.floor(Math.random() * Math.min(spread, free.length))]!;
    const answer = await attempt(this.tally, 'book', () =>
      call<{ id: number; reference: string; amount: number }>(
        this.base(),
        host,
        'POST',
        '/myprosper/api/bookSession',
        {
          topicId: mentor.topicId,
          selectedDate: slot.date,
          selectedTime: slot.time,
          otherAttendees: [],
          sessionType: 'INDIVIDUAL',
          advisorId: mentor.advisor.id,
          paymentMode: 'MPESA',
          phoneNumber: 'N/A',
          voucherCode: 'N/A',
        },
      ),
    );
    if (answer?.status !== 200) return null;
    const booked = { ...answer.data, host, mentor };
    this.tally.booked.push(booked);
    return booked;
  }

  async payByMpesa(session: BookedSession, phone: string): Promise<Answer<{ id: number }> | null> {
    const answer = await attempt(this.tally, 'mpesa', () =>
      call<{ id: number }>(this.base(), session.host, 'POST', '/myprosper/api/makeMpesaPayment', {
        phoneNumber: phone,
        sessionId: session.id,
      }),
    );
    if (answer?.status === 200) {
      this.tally.pushes.push({ paymentId: answer.data.id, sessionId: session.id, phone, at: Date.now() });
    }
    return answer;
  }

  async checkout(session: BookedSession): Promise<Answer | null> {
    const answer = await attempt(this.tally, 'checkout', () =>
      call(this.base(), session.host, 'POST', '/myprosper/api/checkoutSession', {
        sessionId: session.id,
        adviseeId: session.host.id,
      }),
    );
    if (answer?.status === 200) this.tally.checkedOut.push(session.id);
    return answer;
  }

  /** The signed card form for the session, from the API (null when refused or unanswered). */
  async cardForm(session: BookedSession): Promise<CardForm | null> {
    const form = await attempt(this.tally, 'card form', () =>
      call<CardForm>(this.base(), session.host, 'POST', '/myprosper/api/generateCardHttpSignature', {
        purpose: 'SESSION',
        id: session.id,
      }),
    );
    return form?.status === 200 ? form.data : null;
  }

  /**
   * On the hosted page: the signed form posted, the card filled in. Answers the receipt page's form (to post
   * back to the API), or the status of the page that failed.
   */
  async payOnHostedPage(
    form: CardForm,
    card: string,
  ): Promise<{ receipt: ReceiptForm } | { status: number; text: string }> {
    const page = await postForm(form.payUrl, form.fields);
    this.tally.count('card page', page.status);
    if (page.status !== 200) return page;
    const cardForm = formOf(page.text);
    const done = await postForm(new URL(cardForm.action, form.payUrl).toString(), {
      ...cardForm.fields,
      action: 'pay',
      card_number: card,
      card_expiry: '12/2030',
      card_cvn: '123',
    });
    this.tally.count('card pay', done.status);
    if (done.status !== 200) return done;
    const receipt = formOf(done.text);
    this.tally.cardDecided.push(receipt.fields.req_transaction_uuid ?? '');
    return { receipt };
  }

  /**
   * Pays by card as the browser does: the signed form from the API, the hosted page, and the receipt page's
   * form posted back to the API. Answers where the browser was sent.
   */
  async payByCard(session: BookedSession, card: string): Promise<string | null> {
    const form = await this.cardForm(session);
    if (!form) return null;
    try {
      const paid = await this.payOnHostedPage(form, card);
      if (!('receipt' in paid)) {
        this.tally.surprises.push(`card page ${paid.status}: ${paid.text.slice(0, 300)}`);
        return null;
      }
      return await this.postReceipt(paid.receipt);
    } catch {
      this.tally.count('card page', 'no answer');
      return null;
    }
  }

  /** The receipt page's form, posted back to the API as the browser does; answers where it was sent. */
  async postReceipt(receipt: ReceiptForm): Promise<string | null> {
    try {
      const back = await postForm(receipt.action, receipt.fields);
      this.tally.count('card receipt', back.status);
      // 503: the server said to try again in a moment.
      if (back.status === 503) this.tally.unsentReceipts.push(receipt);
      else if (back.status !== 303) {
        this.tally.surprises.push(`card receipt ${back.status}: ${back.text.slice(0, 300)}`);
      }
      return back.location;
    } catch {
      this.tally.count('card receipt', 'no answer');
      this.tally.unsentReceipts.push(receipt);
      return null;
    }
  }

  /** People whose receipt page failed press "Continue to merchant" again. */
  async resendReceipts(): Promise<void> {
    const unsent = this.tally.unsentReceipts.splice(0);
    for (const receipt of unsent) await this.postReceipt(receipt);
  }

  /** The host cancels the session (a refund to the wallet by the policy, the slot freed). */
  async cancel(session: BookedSession): Promise<Answer | null> {
    return attempt(this.tally, 'cancel', () =>
      call(this.base(), session.host, 'POST', '/myprosper/api/cancelSession', {
        sessionId: session.id,
        reason: 'Something came up',
      }),
    );
  }

  /** Signing in with e-mail and password (the factories' password). */
  async logIn(mentee: Mentee): Promise<void> {
    await attempt(this.tally, 'log in', () =>
      call(this.base(), mentee, 'POST', '/myprosper/auth/authenticate', {
        username: mentee.email,
        password: factoryPassword,
      }),
    );
  }

  /** What a visitor looks at: topics, a search, a topic and a mentor's free hours. */
  async visit(mentor: Mentor): Promise<void> {
    await attempt(this.tally, 'topics', () => call(this.base(), null, 'GET', '/myprosper/api/getLiveTopics'));
    await attempt(this.tally, 'search', () =>
      call(this.base(), null, 'GET', '/myprosper/api/searchTopics?query=Test'),
    );
    await attempt(this.tally, 'topic', () =>
      call(this.base(), null, 'GET', `/myprosper/api/getTopicDetails/${mentor.topicId}`),
    );
    await this.slots(mentor);
  }

  /** What a mentee looks at: their wallet and its movements, and the session. */
  async browse(mentee: Mentee, sessionId?: number): Promise<void> {
    await attempt(this.tally, 'balance', () =>
      call(this.base(), mentee, 'GET', `/myprosper/api/getAdviseeBalance/${mentee.id}`),
    );
    await attempt(this.tally, 'transactions', () =>
      call(this.base(), mentee, 'GET', `/myprosper/api/getTransactions/${mentee.id}`),
    );
    await attempt(this.tally, 'topics', () => call(this.base(), null, 'GET', '/myprosper/api/getLiveTopics'));
    if (sessionId !== undefined) {
      await attempt(this.tally, 'session', () =>
        call(this.base(), mentee, 'GET', `/myprosper/api/getAdvisorSessionById/${sessionId}`),
      );
      await attempt(this.tally, 'last payment', () =>
        call(this.base(), mentee, 'GET', `/myprosper/api/getLastPayment/${sessionId}`),
      );
    }
  }
}

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

export type PayWay = 'MPESA' | 'CARD' | 'WALLET';

export interface Journeys {
  /** Lets each visit under way finish, then holds everyone until resume(); resolves once all are held. */
  pause(): Promise<void>;
  resume(): void;
  /** Stops them all; resolves once the visits under way have ended. */
  stop(): Promise<void>;
}

/**
 * People visiting at once, each in a loop until stopped: book an hour with one of the mentors, pay it the
 * way `wayOf` says (M-PESA with a phone of any outcome, card accepted or declined, or the wallet), look at
 * the wallet and the session, and (a `cancelShare` of the time) cancel it again, freeing the slot (a paid
 * one is refunded to the wallet); come back a little later.
 */
export function startJourneys(
  traffic: Traffic,
  mentees: readonly Mentee[],
  mentors: readonly Mentor[],
  wayOf: (mentee: Mentee, n: number) => PayWay,
  options: { thinkMs?: number; cancelShare?: number } = {},
): Journeys {
  let running = true;
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let held = 0;
  const think = options.thinkMs ?? 2_000;
  const journey = async (mentee: Mentee, n: number) => {
    while (running) {
      if (gate) {
        held += 1;
        await gate;
        held -= 1;
        continue;
      }
      const session = await traffic.book(mentee, mentors[n % mentors.length]!, 300);
      if (!session) {
        await pause(300);
        continue;
      }
      const way = wayOf(mentee, n);
      if (way === 'WALLET') await traffic.checkout(session);
      else if (way === 'CARD') {
        await traffic.payByCard(session, Math.random() < 0.8 ? testCards.accept : testCards.decline);
      } else {
        const push = await traffic.payByMpesa(
          session,
          pick([
            ...outcomePhones.pays,
            ...outcomePhones.pays,
            ...outcomePhones.paysWithoutCallback,
            ...outcomePhones.paysTwice,
            ...outcomePhones.fails,
            ...outcomePhones.failsWithoutCallback,
          ]),
        );
        // Money kept in the wallet (refunds, payments that came too late) covers the share.
        if (push?.status === 422 && push.message === paymentMessages.useCheckout)
          await traffic.checkout(session);
      }
      await traffic.browse(mentee, session.id);
      if (Math.random() < (options.cancelShare ?? 0)) await traffic.cancel(session);
      // People come back after a while (which also keeps pushes within the per-account limit).
      await pause(think + Math.random() * think * 1.5);
    }
  };
  const journeys = mentees.map((mentee, n) => journey(mentee, n));
  return {
    async pause() {
      gate ??= new Promise<void>((done) => {
        open = done;
      });
      await waitUntil('every visit under way ended', 120_000, async () => held === mentees.length, {
        intervalMs: 100,
      });
    },
    resume() {
      gate = null;
      open();
    },
    async stop() {
      running = false;
      this.resume();
      await Promise.all(journeys);
    },
  };
}

/** Money in a mentee's wallet before the test (a settled top-up, as the seed and factories make it). */
export async function fundWallet(db: Db, mentee: Mentee, amount: number): Promise<void> {
  await db.transaction((tx) =>
    creditWallet(tx, {
      userId: mentee.id,
      amount,
      kind: 'MPESA_TOPUP',
      from: 'MPESA_CLEARING',
      reference: `faults-topup:${mentee.id}:${randomBytes(4).toString('hex')}`,
      memo: 'M-PESA top-up FAULTS',
    }),
  );
}
