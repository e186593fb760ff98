import { type CheckoutSessionRequest, paymentMessages } from '@myprosper/contract/payments';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { Db } from '../../db/connection.ts';
import { withRetries } from '../../db/database-errors.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { shareProblemMessage } from './mpesa.service.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';
import { payShareFromWallet } from './session-payments.ts';

/** Checkout Session: the caller's share paid from their wallet when its balance covers it. */
export class CheckoutService {
  constructor(private readonly db: Db) {}

  async checkout(caller: CurrentUser, input: CheckoutSessionRequest): Promise<void> {
    if (caller.role !== 'ADVISEE') throw forbidden(paymentMessages.onlyMentees);
    if (input.adviseeId !== undefined && Number(input.adviseeId) !== caller.id) {
      throw forbidden(paymentMessages.payForYourself);
    }
    const participant = await new SessionMoneyRepository(this.db).findParticipant(
      Number(input.sessionId),
      caller.id,
    );
    if (!participant) throw notFound(sessionMessages.sessionNotFound);
    if (participant.paymentStatus === 'PAID') throw invalid(paymentMessages.alreadyPaid);

    const outcome = await withRetries(() =>
      this.db.transaction((tx) => payShareFromWallet(tx, { participantId: participant.id })),
    );
    if (!outcome.ok) throw shareProblemMessage(outcome.problem, outcome.balance, outcome.share);
    if (outcome.status === 'ALREADY_PAID') throw invalid(paymentMessages.alreadyPaid);
  }
}
