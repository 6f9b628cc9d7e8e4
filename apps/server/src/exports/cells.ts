/** A cell value before a format encodes it. */
export type CellValue = string | number | boolean | null | undefined;

/** Excel refuses longer texts in one cell (Excel specifications and limits: 32,767 characters). */
export const XLSX_MAX_TEXT_LENGTH = 32_767;

/** Appended to a text cut to fit an Excel cell, so the reader knows the cell is not the whole text. */
export const XLSX_TRUNCATION_MARKER = ' …[truncated]';

// Leading characters that make a spreadsheet treat a cell as a formula (OWASP "CSV Injection"): = + - @, tab and CR,
// also after leading whitespace or line breaks (spreadsheets trim them: " =1+1", "\n=1+1"), and their full-width
// forms, which some locales' spreadsheets read as the ASCII ones (issue 28 item 6).
const FORMULA_TRIGGER = /^[\t\r]|^[\s\u00A0\u3000\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

// Characters XML 1.0 forbids (§2.2 Char): C0 controls other than tab/LF/CR, U+FFFE/U+FFFF and lone surrogates.
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Cheap first look: most texts hold no control character and no surrogate at all.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MAYBE_XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Prefixes an apostrophe to a text a spreadsheet would run as a formula; other texts are returned as they are. */
export function neutraliseFormula(text: string): string {
  return FORMULA_TRIGGER.test(text) ? `'${text}` : text;
}

/**
 * Encodes one CSV field (RFC 4180): every text is neutralised and quoted, whatever it holds, so that a spreadsheet
 * whose locale splits on `;` (or a tab) cannot cut a text into cells that start a formula (issue 28 item 6).
 */
export function csvField(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `"${neutraliseFormula(value).replaceAll('"', '""')}"`;
}

/** Removes the characters XML 1.0 cannot carry, which an XLSX part would otherwise reject. */
export function stripXmlForbidden(text: string): string {
  return MAYBE_XML_FORBIDDEN.test(text) ? text.replace(XML_FORBIDDEN, '') : text;
}

/**
 * Makes a text safe for one XLSX cell: forbidden XML characters removed, formula triggers neutralised, CRLF and CR
 * turned into LF (XML parsers do so anyway; LF is Excel's in-cell line break), and a text longer than Excel's limit
 * cut (never inside a surrogate pair) and ended with XLSX_TRUNCATION_MARKER.
 */
export function xlsxText(text: string): string {
  const safe = neutraliseFormula(stripXmlForbidden(text)).replace(/\r\n?/g, '\n');
  if (safe.length <= XLSX_MAX_TEXT_LENGTH) return safe;
  let end = XLSX_MAX_TEXT_LENGTH - XLSX_TRUNCATION_MARKER.length;
  const last = safe.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return safe.slice(0, end) + XLSX_TRUNCATION_MARKER;
}

/** Converts a value for an XLSX cell: texts through xlsxText (an empty text is an empty cell), numbers as they are. */
export function xlsxValue(value: CellValue): string | number | boolean | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  return xlsxText(value);
}
