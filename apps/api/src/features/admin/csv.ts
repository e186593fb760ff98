/** CSV (RFC 4180) for spreadsheet exports. */

export type CsvValue = string | number | null | undefined;

/** Text a spreadsheet would run as a formula ('=', '+', '-', '@', tab, carriage return first). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One field: numbers as they are; text guarded against formula injection (a leading apostrophe) and
 * quoted when it holds a comma, a double quote or a line break (inner quotes doubled).
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF (the header first), ending with one; a UTF-8 BOM lets spreadsheets read accents. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
