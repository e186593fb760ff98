/** CSV (RFC 4180) for spreadsheet exports. */

/** A value a spreadsheet must keep exactly as written (a phone, an account number, a reference): never a number. */
export interface CsvText {
  text: string;
}

export type CsvValue = string | number | CsvText | null | undefined;

/** Text a spreadsheet would run as a formula ('=', '+', '-', '@', tab, carriage return first). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet would read as a number and change: '0712345678' loses its leading zero, '254712345678'
 * becomes 2.54712E+11, '00123' becomes 123, '1e5' becomes 100000.
 */
const readAsNumber = /^[+-]?[\d\s.,]*\d[\d\s.,]*(e[+-]?\d+)?$/i;

/**
 * Marks a value to be kept as text in a spreadsheet (phones, account numbers, transfer references). Excel and
 * LibreOffice Calc read a CSV field that starts with an apostrophe as text and keep the apostrophe as it is, so
 * the field opens with every digit, saves back unchanged and opens the same again (docs/decisions/021): the only
 * form that survives a round trip through either. `="…"` shows no apostrophe but is a formula (the very thing
 * csvField refuses) and is saved back as a bare number, losing the zero on the next opening.
 */
export function csvText(value: string | null | undefined): CsvText | null {
  return value === null || value === undefined || value === '' ? null : { text: value };
}

/**
 * One field: numbers as they are; text guarded against formula injection (a leading apostrophe) and
 * quoted when it holds a comma, a double quote or a line break (inner quotes doubled). Text marked with
 * csvText that a spreadsheet would read as a number gets the same apostrophe, so it stays text.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const raw = typeof value === 'string' ? value : value.text;
  const keepAsText = typeof value !== 'string' && readAsNumber.test(raw);
  const text = formulaStart.test(raw) || keepAsText ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF (the header first), ending with one; a UTF-8 BOM lets spreadsheets read accents. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
