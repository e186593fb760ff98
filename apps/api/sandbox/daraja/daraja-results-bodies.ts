import { darajaTimestamp } from '../../src/providers/mpesa.ts';
import { initiatorInvalid } from './daraja-results-rules.ts';
import { newReceiptNumber } from './daraja-rules.ts';
import { SandboxLedger, type SandboxTransaction } from './sandbox-ledger.ts';

/** The Result bodies the sandbox POSTs (mpesa-b2c-c2b-whatsapp.md §1.1–1.5), built without I/O. */

/** dd.MM.yyyy HH:mm:ss in Kenyan time, as B2C results write TransactionCompletedDateTime. */
export function b2cCompletedTime(date: Date): string {
  const stamp = darajaTimestamp(date);
  return `${stamp.slice(6, 8)}.${stamp.slice(4, 6)}.${stamp.slice(0, 4)} ${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}`;
}

type Parameter = { Key: string; Value?: string | number };

function envelope(fields: {
  resultCode: number | string;
  resultDesc: string;
  originatorConversationId: string;
  conversationId: string;
  transactionId: string;
  parameters: Parameter[] | null;
  quirks?: boolean;
}) {
  const quirks = fields.quirks === true;
  const result: Record<string, unknown> = {
    ResultType: quirks ? '0' : 0,
    ResultCode: quirks ? String(fields.resultCode) : fields.resultCode,
    ResultDesc: fields.resultDesc,
    OriginatorConversationID: fields.originatorConversationId,
    ConversationID: fields.conversationId,
    TransactionID: fields.transactionId,
  };
  if (fields.parameters) {
    result.ResultParameters = {
      ResultParameter: quirks && fields.parameters.length > 0 ? fields.parameters[0] : fields.parameters,
    };
  }
  result.ReferenceData = {
    ReferenceItem: {
      Key: 'QueueTimeoutURL',
      Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit',
    },
  };
  return { Result: result };
}

/**
 * A B2C Result. Success: the parameters of §1.2 (numbers as numbers); in quirks mode only the receipt, as a
 * single object, and the codes as strings. Failure: no parameters, a receipt-shaped TransactionID all the same.
 */
export function b2cResultBody(transaction: SandboxTransaction, ledger: SandboxLedger, quirks = false) {
  const success = transaction.status === 'Completed';
  return envelope({
    resultCode: success
      ? 0
      : /^\d+$/.test(transaction.resultCode)
        ? Number(transaction.resultCode)
        : transaction.resultCode,
    resultDesc: transaction.resultDesc,
    originatorConversationId: transaction.originatorConversationId ?? '',
    conversationId: transaction.conversationId ?? '',
    transactionId: transaction.receipt,
    quirks,
    parameters: success
      ? [
          ...(quirks
            ? [{ Key: 'TransactionReceipt', Value: transaction.receipt }]
            : [
                { Key: 'TransactionAmount', Value: transaction.amount },
                { Key: 'TransactionReceipt', Value: transaction.receipt },
                { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                { Key: 'B2CChargesPaidAccountAvailableFunds', Value: ledger.charges },
                { Key: 'ReceiverPartyPublicName', Value: `${transaction.party} - SANDBOX CUSTOMER` },
                { Key: 'TransactionCompletedDateTime', Value: b2cCompletedTime(transaction.finalisedAt) },
                { Key: 'B2CUtilityAccountAvailableFunds', Value: ledger.utility },
                { Key: 'B2CWorkingAccountAvailableFunds', Value: ledger.working },
              ]),
        ]
      : null,
  });
}

/** What is posted to QueueTimeOutURL (undocumented; the same envelope, as integrations parse it). */
export function timeoutBody(originatorConversationId: string, conversationId: string) {
  return envelope({
    resultCode: 'QUEUE_TIMEOUT',
    resultDesc: 'The request expired in the queue.',
    originatorConversationId,
    conversationId,
    transactionId: 'OA90000000',
    parameters: null,
  });
}

export const notFound = { code: 'R000002', desc: 'The OriginalTransactionID is invalid.' };
export const alreadyReversed = { code: 'R000001', desc: 'The transaction has already been reversed.' };

/** A Transaction Status Result: the transaction's status keys (§1.4), or R000002 for one never made. */
export function statusResultBody(
  found: SandboxTransaction | null,
  ids: { originatorConversationId: string; conversationId: string },
) {
  if (!found) {
    return envelope({
      resultCode: notFound.code,
      resultDesc: notFound.desc,
      ...ids,
      transactionId: 'MBN0000000',
      parameters: null,
    });
  }
  const time = darajaTimestamp(found.finalisedAt);
  const party = (number: string) => `${number} - SANDBOX CUSTOMER`;
  const outbound = found.kind === 'B2C';
  return envelope({
    resultCode: 0,
    resultDesc: 'The service request has been accepted successfully.',
    ...ids,
    transactionId: 'MBN0000000',
    parameters: [
      { Key: 'DebitPartyName', Value: outbound ? '600992 - MyProsper Sandbox' : party(found.party) },
      { Key: 'CreditPartyName', Value: outbound ? party(found.party) : '174379 - MyProsper Sandbox' },
      { Key: 'OriginatorConversationID', Value: found.originatorConversationId ?? '' },
      { Key: 'InitiatedTime', Value: Number(darajaTimestamp(found.initiatedAt)) },
      { Key: 'DebitAccountType', Value: outbound ? 'Utility Account' : 'Customer Account' },
      {
        Key: 'DebitPartyCharges',
        Value:
          outbound && found.status === 'Completed'
            ? `Fee For B2C Payment|KES|${SandboxLedger.chargeOf(found.amount)}.00`
            : '',
      },
      { Key: 'TransactionReason' },
      { Key: 'ReasonType', Value: outbound ? 'Business Payment to Customer via API' : 'Pay Bill Online' },
      { Key: 'TransactionStatus', Value: found.reversedBy ? 'Reversed' : found.status },
      { Key: 'FinalisedTime', Value: Number(time) },
      { Key: 'Amount', Value: found.amount },
      { Key: 'ConversationID', Value: found.conversationId ?? '' },
      { Key: 'ReceiptNo', Value: found.receipt },
    ],
  });
}

/** A Reversal Result: §1.3's keys on success; R000002 unknown receipt, R000001 a second reversal. */
export function reversalResultBody(
  outcome:
    | { ok: true; reversal: SandboxTransaction; original: SandboxTransaction; ledger: SandboxLedger }
    | { ok: false; code: string | number; desc: string },
  ids: { originatorConversationId: string; conversationId: string },
) {
  if (!outcome.ok) {
    return envelope({
      resultCode: outcome.code,
      resultDesc: outcome.desc,
      ...ids,
      transactionId: 'SKE0000000',
      parameters: null,
    });
  }
  const { reversal, original, ledger } = outcome;
  return envelope({
    resultCode: 0,
    resultDesc: 'The service request is processed successfully.',
    ...ids,
    transactionId: reversal.receipt,
    parameters: [
      {
        Key: 'DebitAccountBalance',
        Value: `Utility Account|KES|${ledger.settlement.toFixed(2)}|${ledger.settlement.toFixed(2)}|0.00|0.00`,
      },
      { Key: 'Amount', Value: reversal.amount },
      { Key: 'TransCompletedTime', Value: Number(darajaTimestamp(reversal.finalisedAt)) },
      { Key: 'OriginalTransactionID', Value: original.receipt },
      { Key: 'Charge', Value: 0 },
      { Key: 'CreditPartyPublicName', Value: `${original.party} - SANDBOX CUSTOMER` },
      { Key: 'DebitPartyPublicName', Value: '174379 - MyProsper Sandbox' },
    ],
  });
}

/** An Account Balance Result. */
export function balanceResultBody(
  ledger: SandboxLedger,
  now: Date,
  ids: { originatorConversationId: string; conversationId: string },
) {
  return envelope({
    resultCode: 0,
    resultDesc: 'The service request is processed successfully.',
    ...ids,
    transactionId: 'OA90000000',
    parameters: [
      { Key: 'AccountBalance', Value: ledger.balanceText() },
      { Key: 'BOCompletedTime', Value: Number(darajaTimestamp(now)) },
    ],
  });
}

/** A Result with 2001 for a request whose initiator or credential did not check out (no HTTP error). */
export function initiatorFailureBody(ids: { originatorConversationId: string; conversationId: string }) {
  return envelope({
    resultCode: initiatorInvalid.resultCode,
    resultDesc: initiatorInvalid.resultDesc,
    ...ids,
    transactionId: newReceiptNumber(),
    parameters: null,
  });
}
