import { paymentMessages } from '@myprosper/contract/payments';
import type { DbOrTx } from '../../db/connection.ts';
import { conflict, TooManyError } from '../../lib/errors.ts';
import { type PaymentRow, PaymentsRepository } from './payments.repository.ts';

const hourMs = 3_600_000;

/** What one M-PESA push is for and where it rings, as recordMpesaPrompt checks it. */
export interface MpesaPrompt {
  /** The one thing this push pays ('participant:12', 'voucher:7'): one push waiting per purpose at a time. */
  purpose: string;
  /** Whether a push for this purpose is still waiting (read under the purpose's lock). */
  hasPending(tx: DbOrTx): Promise<boolean>;
  /** The destination, 2547XXXXXXXX. */
  phone: string;
  /** Pushes to one number per hour, whoever asks (the session rules' mpesaPromptsPerNumberPerHour). */
  perHour: number;
  now: Date;
}

/**
 * Records a push about to ring a phone, inside the caller's transaction, only if it keeps the rules: no other
 * push for the same purpose still waiting, and fewer than `perHour` pushes to the number in the last hour,
 * whoever asked. The purpose and the number are locked first, so pushes asked at once are counted one after
 * the other. `insert` writes the payment row (and anything linked to it) once the checks passed.
 */
export async function recordMpesaPrompt(
  tx: DbOrTx,
  prompt: MpesaPrompt,
  insert: (tx: DbOrTx) => Promise<PaymentRow>,
): Promise<PaymentRow> {
  const payments = new PaymentsRepository(tx);
  await payments.lockPromptKeys([`purpose:${prompt.purpose}`, `phone:${prompt.phone}`]);
  if (await prompt.hasPending(tx)) throw conflict(paymentMessages.promptPending);
  const recent = await payments.promptsTo(prompt.phone, new Date(prompt.now.getTime() - hourMs));
  if (recent.length >= prompt.perHour) {
    const oldest = recent[recent.length - prompt.perHour]!;
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((oldest.getTime() + hourMs - prompt.now.getTime()) / 1000),
    );
    throw new TooManyError(paymentMessages.tooManyPrompts(prompt.perHour), retryAfterSeconds);
  }
  return insert(tx);
}
