/**
 * CSV for the report tables: RFC 4180 quoting, CRLF line ends, and a UTF-8 byte-order mark so
 * Excel in Japan opens Japanese names as UTF-8 rather than Shift_JIS.
 */
export const CSV_BOM = '\uFEFF';

export type CsvCell = string | number | null | undefined;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  // A leading =, +, - or @ would be run as a formula by spreadsheet programs.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return CSV_BOM + [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
