/*
 * CSV for the back office's downloads (RFC 4180: comma separated, CRLF, quotes doubled). A cell that
 * a spreadsheet would read as a formula (= + - @ at the start) is prefixed with an apostrophe, so an
 * email typed as `=HYPERLINK(…)` stays text when an operator opens the file.
 */

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvText = (header: string[], rows: (string | number | null | undefined)[][]) =>
  [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** The headers of a CSV download named `filename`. */
export const csvHeaders = (filename: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'no-store',
});

/** The OpenAPI answer of a CSV download. */
export const csvResponse = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: { type: 'string' as const } } } },
});
