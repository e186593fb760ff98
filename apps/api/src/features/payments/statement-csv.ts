import {
  reconciliationMessages as messages,
  requiredStatementColumns,
  statementColumns,
  statementMaxLines,
} from '@myprosper/contract/reconciliation';

/**
 * The M-PESA organisation portal's statement CSV (docs/decisions/018-mpesa-statements-and-reconciliation.md):
 * any lines before the header (the portal puts the organisation's name and the period there), then a header
 * with at least Receipt No., Completion Time, Details, Transaction Status, Paid In, Withdrawn and Balance,
 * then one line per transaction. Times are Kenyan (EAT, UTC+3, no daylight saving).
 */

export interface StatementCsvLine {
  lineNo: number;
  receipt: string;
  completedAt: Date;
  details: string;
  transactionStatus: string;
  paidInCents: number;
  withdrawnCents: number;
  reasonType: string;
  otherParty: string;
  accountNo: string;
}

export type StatementCsv =
  | { ok: true; lines: StatementCsvLine[]; periodFrom: Date; periodTo: Date }
  | { ok: false; message: string };

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. Null when a quote never ends. */
export function csvRecords(text: string): string[][] | null {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (quoted) return null;
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const receiptPattern = /^[A-Z0-9]{10}$/;
const kenyaOffsetMs = 3 * 3_600_000;

/** 'yyyy-MM-dd HH:mm:ss', 'dd-MM-yyyy HH:mm:ss' or 'dd/MM/yyyy HH:mm[:ss]' in EAT; null when it is none. */
export function parseStatementTime(value: string): Date | null {
  const text = value.trim();
  let parts: RegExpExecArray | null = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (parts) {
    [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  } else {
    parts = /^(\d{2})[-/.](\d{2})[-/.](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
    if (!parts) return null;
    [day, month, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  }
  const [hour, minute, second] = [Number(parts[4]), Number(parts[5]), Number(parts[6] ?? '0')];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(utc - kenyaOffsetMs);
  // 31 February rolls over into March: refuse it.
  if (new Date(utc).getUTCDate() !== day) return null;
  return date;
}

/** '2,500.00', '-4,500.00', '10', '' (none) as whole cents, the sign dropped; null when it is not an amount. */
export function parseStatementAmount(value: string): number | null {
  const text = value
    .trim()
    .replaceAll(',', '')
    .replace(/^KES\s*/i, '');
  if (text === '') return 0;
  const match = /^[-+]?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** The statement, or the first thing wrong with it (the import then changes nothing). */
export function parseStatementCsv(text: string): StatementCsv {
  const records = csvRecords(text);
  if (!records) return { ok: false, message: messages.unclosedQuote };
  const headerAt = records.findIndex(
    (record) => normalise(record[0] ?? '') === normalise(statementColumns.receipt),
  );
  if (headerAt < 0) return { ok: false, message: messages.notAStatement };
  const header = (records[headerAt] ?? []).map(normalise);
  const column = (key: keyof typeof statementColumns) => header.indexOf(normalise(statementColumns[key]));
  for (const key of requiredStatementColumns) {
    if (column(key) < 0) return { ok: false, message: messages.missingColumn(statementColumns[key]) };
  }
  const body = records
    .map((fields, index) => ({ fields, lineNo: index + 1 }))
    .slice(headerAt + 1)
    .filter(({ fields }) => fields.some((field) => field.trim() !== ''));
  if (body.length === 0) return { ok: false, message: messages.noLines };
  if (body.length > statementMaxLines)
    return { ok: false, message: messages.tooManyLines(statementMaxLines) };

  const lastRequired = Math.max(...requiredStatementColumns.map(column));
  const lines: StatementCsvLine[] = [];
  for (const { fields, lineNo } of body) {
    // Fields may stop early (trailing optional columns left off), never before the required ones end.
    if (fields.length > header.length || fields.length <= lastRequired) {
      return { ok: false, message: messages.badFieldCount(lineNo, fields.length, header.length) };
    }
    const get = (key: keyof typeof statementColumns) => {
      const at = column(key);
      return at < 0 ? '' : (fields[at] ?? '').trim();
    };
    const receipt = get('receipt').toUpperCase();
    if (!receiptPattern.test(receipt)) return { ok: false, message: messages.badReceipt(lineNo) };
    const completedAt = parseStatementTime(get('completionTime'));
    if (!completedAt) return { ok: false, message: messages.badTime(lineNo, get('completionTime')) };
    const paidInCents = parseStatementAmount(get('paidIn'));
    if (paidInCents === null) return { ok: false, message: messages.badAmount(lineNo, get('paidIn')) };
    const withdrawnCents = parseStatementAmount(get('withdrawn'));
    if (withdrawnCents === null) return { ok: false, message: messages.badAmount(lineNo, get('withdrawn')) };
    if (parseStatementAmount(get('balance')) === null) {
      return { ok: false, message: messages.badAmount(lineNo, get('balance')) };
    }
    lines.push({
      lineNo,
      receipt,
      completedAt,
      details: get('details').slice(0, 500),
      transactionStatus: get('transactionStatus').slice(0, 100),
      paidInCents,
      withdrawnCents,
      reasonType: get('reasonType').slice(0, 200),
      otherParty: get('otherParty').slice(0, 200),
      accountNo: get('accountNo').slice(0, 100),
    });
  }
  const times = lines.map((line) => line.completedAt.getTime());
  return {
    ok: true,
    lines,
    periodFrom: new Date(Math.min(...times)),
    periodTo: new Date(Math.max(...times)),
  };
}

/** A paybill account reference as customers type it ('bk 1001', '#BK1001'): trimmed, upper case, no spaces or '#'. */
export function normaliseAccountReference(value: string): string {
  return value.trim().toUpperCase().replace(/[\s#]/g, '');
}
