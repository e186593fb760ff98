/**
 * The payments feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Paying for sessions (wallet, M-PESA, card), cancelling with refunds, mentors' earnings.
 * app.ts registers the plugin and builds what payments share (cancellations, M-PESA, no-show refunds);
 * vouchers are bought and redeemed with the rest, and answer PaymentVouchers.
 */
export { CancellationService } from './cancellation.service.ts';
export { createMpesaDisbursements, createMpesaService } from './create-mpesa-service.ts';
export {
  createPaybillReview,
  createPaybillService,
  registerPaybillUrls,
} from './create-paybill-service.ts';
export { EarningsService } from './earnings.service.ts';
export { type HeldDecision, HeldEarnings, type HeldRefund } from './held-earnings.ts';
export { MentorNoShowRefunds } from './mentor-no-show.ts';
export { type MpesaService, shareProblemMessage, type WalletTopUpPurpose } from './mpesa.service.ts';
export type {
  AfterOutcome,
  B2cRequestInput,
  MpesaDisbursements,
  MpesaOutcome,
  MpesaRequestRow,
  OutcomeHandler,
  ReversalInput,
  StatusCheckInput,
} from './mpesa-disbursements.service.ts';
export { recordMpesaPrompt } from './mpesa-prompts.ts';
export { createMpesaRefunds, type MpesaRefundsService } from './mpesa-refunds.service.ts';
export {
  type OperatorRefundAudit,
  type OperatorRefundRecord,
  OperatorRefunds,
} from './operator-refunds.ts';
export type { PaybillService } from './paybill.service.ts';
export type { PaybillReviewService } from './paybill-review.service.ts';
export { PaymentExpiry } from './payment-expiry.ts';
export { paymentsPlugin } from './payments.plugin.ts';
export { PaymentsRepository, toPaymentAttempt } from './payments.repository.ts';
export { createReceiptLookups, type ReceiptLookups } from './receipt-lookups.ts';
export { type InFlightCheck, ReconciliationService } from './reconciliation.service.ts';
export { disbursementsInFlight } from './reconciliation-in-flight.ts';
export { SessionMoneyRepository } from './session-money.repository.ts';
export { payShare } from './session-payments.ts';
export { sendStkPush } from './stk-push.ts';
export type { PayableVoucher, PaymentVouchers, VoucherSettlement } from './voucher-port.ts';
