import { formatKes, paymentMessages } from '@myprosper/contract/payments';
import { sessionMessages } from '@myprosper/contract/sessions';
import {
  normaliseVoucherCode,
  type RedeemVoucherRequest,
  voucherMessages,
} from '@myprosper/contract/vouchers';
import type { Db } from '../../db/connection.ts';
import { withRetries } from '../../db/database-errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { payShare, SessionMoneyRepository, shareProblemMessage } from '../payments/payments.door.ts';
import { hashVoucherCode } from './voucher-code.ts';
import { VouchersRepository } from './vouchers.repository.ts';

/**
 * Paying a session with a voucher code: the caller's share, from VOUCHERS, once; a session of its mentor and
 * program, or of any mentor of its program once its mentor left or stopped giving it. The session row and then
 * the voucher row are locked, and ACTIVE becomes REDEEMED by a conditional update in the same transaction as
 * the payment, so however many bookings try one code at once, one pays and the others are told it was used.
 */
export class VoucherRedemptionService {
  constructor(private readonly db: Db) {}

  async redeem(caller: CurrentUser, input: RedeemVoucherRequest): Promise<void> {
    if (caller.role !== 'ADVISEE') throw forbidden(paymentMessages.onlyMentees);
    const typed = (input.voucherCode ?? '').trim();
    if (typed === '' || typed.toUpperCase() === 'N/A') throw invalid(voucherMessages.enterCode);
    const code = normaliseVoucherCode(typed);
    if (!code) throw invalid(voucherMessages.invalidCode);

    const money = new SessionMoneyRepository(this.db);
    const participant = await money.findParticipant(input.sessionId, caller.id);
    if (!participant) throw notFound(sessionMessages.sessionNotFound);
    if (participant.paymentStatus === 'PAID') throw invalid(paymentMessages.alreadyPaid);
    const codeHash = hashVoucherCode(code);

    await withRetries(() =>
      this.db.transaction(async (tx) => {
        const session = await new SessionMoneyRepository(tx).lockSession(input.sessionId);
        if (!session) throw notFound(sessionMessages.sessionNotFound);
        const vouchers = new VouchersRepository(tx);
        const voucher = await vouchers.lockByCodeHash(codeHash);
        if (!voucher) throw invalid(voucherMessages.invalidCode);
        if (voucher.status === 'REDEEMED') throw conflict(voucherMessages.alreadyUsed);
        if (voucher.status !== 'ACTIVE') throw invalid(voucherMessages.invalidCode);
        const topicId = await vouchers.topicOfSession(session.id);
        if (voucher.topicId !== topicId) throw invalid(voucherMessages.otherMentorOrProgram);
        // Another mentor of the program only once the voucher's own left or stopped giving it (issue 20).
        if (voucher.advisorId !== session.advisorId && !(await vouchers.findRecord(voucher.id))?.mentorGone) {
          throw invalid(voucherMessages.otherMentorOrProgram);
        }
        if (participant.amount > voucher.amount) {
          throw invalid(voucherMessages.notEnough(formatKes(voucher.amount), formatKes(participant.amount)));
        }
        const now = new Date();
        const outcome = await payShare(tx, {
          participantId: participant.id,
          source: { platform: 'VOUCHERS' },
          now,
        });
        if (!outcome.ok) throw shareProblemMessage(outcome.problem, outcome.balance, outcome.share);
        if (outcome.status === 'ALREADY_PAID') throw invalid(paymentMessages.alreadyPaid);
        const redeemed = await vouchers.markRedeemed(voucher.id, {
          userId: caller.id,
          sessionId: session.id,
          participantId: participant.id,
          now,
        });
        if (!redeemed) throw conflict(voucherMessages.alreadyUsed);
      }),
    );
  }
}
