import { paymentMessages } from '@myprosper/contract/payments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { findViolations, noViolations } from './support/invariants.ts';
import {
  type BookedSession,
  createPeople,
  fundWallet,
  type Mentee,
  type Mentor,
  outcomePhones,
  Traffic,
  testCards,
} from './support/traffic.ts';
import { waitUntil } from './support/waiting.ts';
import { call, startWorld, type World } from './support/world.ts';

/**
 * The outside services failing as real ones do: Daraja busy, refusing its sign-in, not answering, answering
 * slowly or only after we gave up, its status query failing; Africa's Talking failing, not answering or
 * slow; the card's hosted page down, its server-to-server receipt lost or late. The failures are made by
 * fault proxies between the API and the sandboxes (support/fault-proxy.ts), so everything else is the real
 * wire format. What must hold: the person is told clearly what happened, nothing is charged twice, and
 * what failed in the background is tried again by the jobs.
 *
 * Already covered elsewhere, and not repeated here: declined, cancelled and timed-out prompts and lost or
 * duplicated callbacks (features/payments/mpesa, callbacks), declined and cancelled cards and receipts
 * arriving on both channels (card), an SMS refused for one recipient (notifications).
 *
 * The cases run side by side (each with its own people, phones and proxy rules) so their waits for Daraja's
 * timeout and the jobs' next minute overlap.
 */

const daraja = {
  busy: JSON.stringify({
    requestId: 'faults-1',
    errorCode: '503.001.01',
    errorMessage: 'Service is currently unavailable',
  }),
  invalidToken: JSON.stringify({
    requestId: 'faults-2',
    errorCode: '404.001.03',
    errorMessage: 'Invalid Access Token',
  }),
};

/** A paying phone of each case's own (any number not in the sandbox's list succeeds). */
const phoneOf = (n: number) => `2547110000${String(n).padStart(2, '0')}`;
const anywhere = (digits: string) => new RegExp(digits);

describe('outside services failing, timing out or answering slowly', () => {
  let world: World;
  let traffic: Traffic;
  let mentors: Mentor[];
  let mentees: Mentee[];
  let next = 0;

  beforeAll(async () => {
    world = await startWorld({
      // Pushes pending 5 s are asked about at the query job's next run (every minute).
      apiEnv: { MPESA_RECONCILE_AFTER_SECONDS: '5' },
      // People answer the PIN prompt 20 s after it came: later than the API waits for Daraja (15 s).
      providerEnv: { MPESA_SANDBOX_DELAY_MS: '20000' },
    });
    traffic = new Traffic(() => world.api.base);
    ({ mentors, mentees } = await createPeople(world.database.db, { mentors: 12, mentees: 12 }));
  });

  afterAll(async () => {
    await world?.close();
  });

  /** A mentee of the case's own and an hour booked with a mentor of its own, two days ahead or more. */
  async function booking(): Promise<BookedSession> {
    const n = next++;
    const session = await traffic.book(mentees[n]!, mentors[n]!, 40, 48);
    if (!session) throw new Error(`no booking: ${JSON.stringify(traffic.tally.summary())}`);
    return session;
  }

  async function lastPayment(session: BookedSession) {
    const answer = await call<{ id: number; status: string; reason: string | null; note: string | null }>(
      world.api.base,
      session.host,
      'GET',
      `/myprosper/api/getLastPayment/${session.id}`,
    );
    expect(answer.status).toBe(200);
    return answer.data;
  }

  async function sessionSeen(session: BookedSession) {
    const answer = await call<{ status: string; paymentStatus: string }>(
      world.api.base,
      session.host,
      'GET',
      `/myprosper/api/getAdvisorSessionById/${session.id}`,
    );
    expect(answer.status).toBe(200);
    return answer.data;
  }

  async function balanceOf(session: BookedSession): Promise<number> {
    const answer = await call<{ balance: number }>(
      world.api.base,
      session.host,
      'GET',
      `/myprosper/api/getAdviseeBalance/${session.host.id}`,
    );
    expect(answer.status).toBe(200);
    return answer.data.balance;
  }

  /** The movements of the mentee's wallet, oldest first: what came in and what paid the session. */
  async function walletMovements(session: BookedSession) {
    const moves = await world.database.db.execute<{ kind: string; amount: number }>(
      sql`SELECT t.kind, e.amount FROM ledger_entries e
          JOIN ledger_transactions t ON t.id = e.transaction_id
          JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.user_id = ${session.host.id} ORDER BY e.id`,
    );
    return moves.rows;
  }

  async function paymentsOf(session: BookedSession) {
    const rows = await world.database.db.execute<{
      provider: string;
      status: string;
      failure_reason: string | null;
      outcome_note: string | null;
    }>(
      sql`SELECT provider, status, failure_reason, outcome_note FROM payments
          WHERE session_id = ${session.id} ORDER BY id`,
    );
    return rows.rows;
  }

  /** Waits until the session is paid and confirmed, as its mentee sees it. */
  async function paidAndConfirmed(session: BookedSession) {
    await waitUntil(`session ${session.id} is paid`, 120_000, async () => {
      const seen = await sessionSeen(session);
      return seen.status === 'CONFIRMED' && seen.paymentStatus === 'PAID';
    });
  }

  const paidOnceByMpesa = [
    { kind: 'MPESA_TOPUP', amount: 2900 },
    { kind: 'SESSION_PAYMENT', amount: -2900 },
  ];

  describe.concurrent('each case', () => {
    it('Daraja busy or refusing its sign-in: the mentee is told M-PESA could not be reached, nothing is charged, and paying again pays once', async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const session = await booking();
      const phone = phoneOf(1);
      world.daraja.inject({
        path: /stkpush\/v1/,
        body: anywhere(phone),
        action: { kind: 'answer', status: 503, body: daraja.busy },
        times: 1,
      });
      const busy = await traffic.payByMpesa(session, phone);
      expect(busy).toMatchObject({ status: 503, message: paymentMessages.mpesaUnavailable });
      expect(await lastPayment(session)).toMatchObject({
        status: 'FAILED',
        reason: paymentMessages.mpesaUnavailable,
      });

      // The token is refused, and asking for a new one fails.
      world.daraja.inject({
        path: /stkpush\/v1/,
        body: anywhere(phone),
        action: { kind: 'answer', status: 404, body: daraja.invalidToken },
        times: 1,
      });
      world.daraja.inject({
        path: /oauth\/v1\/generate/,
        action: { kind: 'answer', status: 503, body: daraja.busy },
        times: 1,
      });
      const signInFails = await traffic.payByMpesa(session, phone);
      expect(signInFails).toMatchObject({ status: 503, message: paymentMessages.mpesaUnavailable });
      expect(await walletMovements(session)).toEqual([]);

      const again = await traffic.payByMpesa(session, phone);
      expect(again?.status).toBe(200);
      await paidAndConfirmed(session);
      expect(await walletMovements(session)).toEqual(paidOnceByMpesa);
      expect((await paymentsOf(session)).map((p) => p.status)).toEqual(['FAILED', 'FAILED', 'SUCCEEDED']);
    });

    it('Daraja not answering: after the API stops waiting the mentee is told a prompt may still come or to try again, nothing is charged, and paying again pays once', async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const session = await booking();
      const phone = phoneOf(2);
      world.daraja.inject({ path: /stkpush\/v1/, body: anywhere(phone), action: { kind: 'hang' }, times: 1 });
      const silent = await traffic.payByMpesa(session, phone);
      expect(silent).toMatchObject({ status: 503, message: paymentMessages.mpesaNoAnswer });
      // Whether the prompt went out is not known: the attempt stays pending, holding no money.
      expect(await lastPayment(session)).toMatchObject({ status: 'PENDING', reason: null });
      expect(await walletMovements(session)).toEqual([]);

      expect((await traffic.payByMpesa(session, phone))?.status).toBe(200);
      await paidAndConfirmed(session);
      expect(await walletMovements(session)).toEqual(paidOnceByMpesa);
      expect((await paymentsOf(session)).map((p) => p.status)).toEqual(['PENDING', 'SUCCEEDED']);
    });

    it('Daraja answering slowly: the push goes through and the session is paid once', async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const session = await booking();
      const phone = phoneOf(3);
      world.daraja.inject({
        path: /stkpush\/v1/,
        body: anywhere(phone),
        action: { kind: 'slow', ms: 5_000 },
        times: 1,
      });
      const slow = await traffic.payByMpesa(session, phone);
      expect(slow).toMatchObject({ status: 200, message: paymentMessages.initiated });
      await paidAndConfirmed(session);
      expect(await walletMovements(session)).toEqual(paidOnceByMpesa);
      expect(await balanceOf(session)).toBe(0);
    });

    it('Daraja answering only after the API stopped waiting, the mentee having paid: the money is not lost nor taken twice', async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const session = await booking();
      const phone = phoneOf(4);
      world.daraja.inject({
        path: /stkpush\/v1/,
        body: anywhere(phone),
        action: { kind: 'late', ms: 25_000 },
        times: 1,
      });
      const late = await traffic.payByMpesa(session, phone);
      expect(late).toMatchObject({ status: 503, message: paymentMessages.mpesaNoAnswer });
      // The prompt did reach the phone and was paid: its callback comes, and the money pays the session.
      await paidAndConfirmed(session);
      expect(await walletMovements(session)).toEqual(paidOnceByMpesa);
      const again = await traffic.payByMpesa(session, phone);
      expect(again).toMatchObject({ status: 422, message: paymentMessages.alreadyPaid });
    });

    it("Daraja's status query failing while a callback never comes: the payment stays pending, and the job settles it once Daraja answers again", async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const session = await booking();
      const [phone] = outcomePhones.paysWithoutCallback;
      const push = await traffic.payByMpesa(session, phone);
      expect(push?.status).toBe(200);
      const [row] = (
        await world.database.db.execute<{ checkout_request_id: string }>(
          sql`SELECT checkout_request_id FROM payments WHERE id = ${push!.data.id}`,
        )
      ).rows;
      const query = { path: /stkpushquery\/v1/, body: anywhere(row!.checkout_request_id) };
      const heal = world.daraja.inject({
        ...query,
        action: { kind: 'answer', status: 503, body: daraja.busy },
      });
      await waitUntil('the query job asked Daraja and was refused', 150_000, async () =>
        world.daraja.requests(query.path, query.body).some((r) => r.status === 503),
      );
      expect(await lastPayment(session)).toMatchObject({ status: 'PENDING' });
      heal();
      await paidAndConfirmed(session);
      expect(await walletMovements(session)).toEqual(paidOnceByMpesa);
    });

    it("Africa's Talking failing, not answering or slow: each confirmation SMS is tried again by the job and arrives once", async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const cases = [
        {
          action: { kind: 'answer', status: 500, body: 'Internal Server Error', contentType: 'text/plain' },
          attempts: 2,
        },
        { action: { kind: 'hang' }, attempts: 2 },
        { action: { kind: 'slow', ms: 5_000 }, attempts: 1 },
      ] as const;
      const sessions: BookedSession[] = [];
      for (const { action } of cases) {
        const session = await booking();
        const phone = session.host.phoneNumber!;
        world.sms.inject({ path: /version1\/messaging/, body: anywhere(phone), action, times: 1 });
        await fundWallet(world.database.db, session.host, session.amount);
        expect((await traffic.checkout(session))?.status).toBe(200);
        sessions.push(session);
      }
      const confirmationsTo = async (session: BookedSession) => {
        const rows = await world.database.db.execute<{ status: string; attempts: number }>(
          sql`SELECT n.status, n.attempts FROM session_notifications n
              JOIN session_participants p ON n.person = 'participant:' || p.id
              WHERE n.session_id = ${session.id} AND p.is_host AND n.kind = 'CONFIRMATION' AND n.channel = 'SMS'`,
        );
        const sent = await world.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM outbox_messages
              WHERE channel = 'SMS' AND recipient = ${session.host.phoneNumber} AND body LIKE ${`%${session.reference}%`}`,
        );
        return { notification: rows.rows[0], delivered: sent.rows[0]?.n ?? 0 };
      };
      await waitUntil(
        'every confirmation SMS arrived',
        200_000,
        async () => {
          for (const session of sessions)
            if ((await confirmationsTo(session)).notification?.status !== 'SENT') return false;
          return true;
        },
        {
          intervalMs: 1_000,
          describe: async () => JSON.stringify(await Promise.all(sessions.map(confirmationsTo))),
        },
      );
      for (const [n, session] of sessions.entries()) {
        expect(await confirmationsTo(session)).toEqual({
          notification: { status: 'SENT', attempts: cases[n]!.attempts },
          delivered: 1,
        });
      }
    });

    it('the card page down: nothing is charged, and paying again on it pays once', async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const session = await booking();
      const first = await traffic.cardForm(session);
      world.cardPage.inject({
        path: /\/pay$/,
        body: anywhere(first!.fields.transaction_uuid!),
        action: { kind: 'answer', status: 502, body: '<h1>502 Bad Gateway</h1>', contentType: 'text/html' },
        times: 1,
      });
      const down = await traffic.payOnHostedPage(first!, testCards.accept);
      expect(down).toMatchObject({ status: 502 });
      expect(await walletMovements(session)).toEqual([]);

      const second = await traffic.cardForm(session);
      const paid = await traffic.payOnHostedPage(second!, testCards.accept);
      if (!('receipt' in paid)) throw new Error(`the card page failed: ${paid.status}`);
      expect(await traffic.postReceipt(paid.receipt)).toBe(`/sessions/${session.id}?outcome=paid`);
      await paidAndConfirmed(session);
      expect(await walletMovements(session)).toEqual([
        { kind: 'CARD_TOPUP', amount: 2900 },
        { kind: 'SESSION_PAYMENT', amount: -2900 },
      ]);
      expect((await paymentsOf(session)).map((p) => p.status)).toEqual(['PENDING', 'SUCCEEDED']);
    });

    it("the card page's server-to-server receipt lost: the browser's receipt pays the session, once", async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const session = await booking();
      world.toApi.inject({
        path: /card\/notify/,
        body: anywhere(session.reference),
        action: { kind: 'reset' },
      });
      const form = await traffic.cardForm(session);
      const paid = await traffic.payOnHostedPage(form!, testCards.accept);
      if (!('receipt' in paid)) throw new Error(`the card page failed: ${paid.status}`);
      expect(await traffic.postReceipt(paid.receipt)).toBe(`/sessions/${session.id}?outcome=paid`);
      await paidAndConfirmed(session);
      expect(await walletMovements(session)).toEqual([
        { kind: 'CARD_TOPUP', amount: 2900 },
        { kind: 'SESSION_PAYMENT', amount: -2900 },
      ]);
    });

    it('the browser never coming back from the card page: the late server-to-server receipt pays the session', async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const session = await booking();
      world.toApi.inject({
        path: /card\/notify/,
        body: anywhere(session.reference),
        action: { kind: 'slow', ms: 5_000 },
      });
      const form = await traffic.cardForm(session);
      const paid = await traffic.payOnHostedPage(form!, testCards.accept);
      expect('receipt' in paid).toBe(true);
      await paidAndConfirmed(session);
      expect(await walletMovements(session)).toEqual([
        { kind: 'CARD_TOPUP', amount: 2900 },
        { kind: 'SESSION_PAYMENT', amount: -2900 },
      ]);
    });

    it('a card receipt slow to come while the mentee also pays by M-PESA: the session is paid once and the other payment is kept in the wallet', async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const session = await booking();
      world.toApi.inject({
        path: /card\/notify/,
        body: anywhere(session.reference),
        action: { kind: 'slow', ms: 30_000 },
      });
      const form = await traffic.cardForm(session);
      const paid = await traffic.payOnHostedPage(form!, testCards.accept);
      expect('receipt' in paid).toBe(true);
      // The browser's receipt is lost; the mentee, seeing nothing, pays again by M-PESA.
      expect((await traffic.payByMpesa(session, phoneOf(10)))?.status).toBe(200);
      await paidAndConfirmed(session);
      await waitUntil('the card receipt came', 120_000, async () =>
        (await paymentsOf(session)).every((p) => p.status === 'SUCCEEDED'),
      );
      const payments = await paymentsOf(session);
      expect(payments.filter((p) => p.outcome_note === paymentMessages.alreadyPaidKept)).toHaveLength(1);
      expect(await balanceOf(session)).toBe(2900);
      const moves = await walletMovements(session);
      expect(moves.filter((m) => m.kind === 'SESSION_PAYMENT')).toEqual([
        { kind: 'SESSION_PAYMENT', amount: -2900 },
      ]);
    });
  });

  describe('after all of them', () => {
    it('keeps every balance equal to its ledger and every share paid once', async () => {
      expect(await findViolations(world.database.db)).toEqual(noViolations);
      expect(traffic.tally.surprises).toEqual([]);
    });
  });
});
