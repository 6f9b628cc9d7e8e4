// Shared by the orders tests: an independent reader of the three file formats, the worker driven by hand, and
// views of the ledger and the storage directory.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { FILE_COLUMNS, type FormatType, type SearchType } from '@threadcart/contracts';
import { findReservation, listLedgerEntries } from '../src/db/repositories/payments/credits.repository.ts';
import type { Db } from '../src/db/database.ts';
import type { Deps } from '../src/deps.ts';
import { claimOrder, fulfilOrder } from '../src/services/orders/fulfilment.service.ts';
import { makeComment, makePost } from './corpus-factories.ts';

export const FORMATS: readonly FormatType[] = ['json', 'csv', 'xlsx'];
export const SEARCH_TYPES: readonly SearchType[] = ['posts', 'comments', 'both'];

export const POST_FIELDS = [
  'id',
  'author',
  'title',
  'selftext',
  'score',
  'num_comments',
  'created_utc',
  'subreddit',
  'permalink',
  'url',
] as const;
export const COMMENT_FIELDS = [
  'id',
  'author',
  'body',
  'score',
  'created_utc',
  'parent_id',
  'link_id',
  'subreddit',
  'replies',
  'permalink',
] as const;
const NUMERIC_FIELDS = new Set(['score', 'num_comments', 'created_utc', 'replies']);

/** One record as read back from a file: the export fields, `is_sample` when the file has it, `created` in XLSX. */
export type FileRecord = Record<string, string | number | boolean | Date | null>;

export interface ParsedOrderFile {
  posts: FileRecord[];
  comments: FileRecord[];
  /** The header (CSV), keys of the first record of each side (JSON) or the header row of each sheet (XLSX). */
  columns: { posts?: string[]; comments?: string[]; csv?: string[] };
  /** XLSX only: sheet names, and whether each header row is bold and frozen. */
  sheets?: { name: string; isHeaderBold: boolean; isFrozen: boolean }[];
}

/**
 * Strict RFC 4180: CRLF between records, fields quoted when they hold a quote, comma, CR or LF, `""` inside quotes;
 * throws on a bare CR or LF, a quote inside an unquoted field, text after a closing quote, or ragged rows.
 */
export function parseCsv(text: string): string[][] {
  if (text.charCodeAt(0) === 0xfeff) throw new Error('CSV starts with a byte order mark');
  const rows: string[][] = [];
  if (text === '') return rows;
  let row: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error(`unterminated quoted field at ${i}`);
        field += text.slice(i, quote);
        i = quote + 1;
        if (text[i] !== '"') break;
        field += '"';
        i += 1;
      }
    } else {
      let end = i;
      while (end < text.length && !',\r\n'.includes(text[end]!)) {
        if (text[end] === '"') throw new Error(`quote inside an unquoted field at ${end}`);
        end += 1;
      }
      field = text.slice(i, end);
      i = end;
    }
    row.push(field);
    if (i === text.length) throw new Error('the last record does not end with CRLF');
    if (text[i] === ',') {
      i += 1;
      continue;
    }
    if (text[i] !== '\r' || text[i + 1] !== '\n') {
      throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 8))}`);
    }
    rows.push(row);
    row = [];
    i += 2;
    if (i === text.length) break;
  }
  const width = rows[0]!.length;
  rows.forEach((r, index) => {
    if (r.length !== width) throw new Error(`row ${index} has ${r.length} fields, the header ${width}`);
  });
  return rows;
}

/** Undoes the writers' formula neutralisation: an apostrophe put before a formula character (cells.ts). */
export function unneutralise(text: string): string {
  return /^'(?:[\t\r]|[\s\u00A0\u3000\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/.test(text)
    ? text.slice(1)
    : text;
}

/** Reads an order file back into records, whatever the format, the way a customer's tools would. */
export async function parseOrderFile(
  format: FormatType,
  searchType: SearchType,
  body: Buffer,
): Promise<ParsedOrderFile> {
  if (format === 'json') return parseJsonFile(searchType, body.toString('utf8'));
  if (format === 'csv') return parseCsvFile(searchType, body.toString('utf8'));
  return parseXlsxFile(body);
}

function parseJsonFile(searchType: SearchType, text: string): ParsedOrderFile {
  const parsed = JSON.parse(text) as unknown;
  const both = parsed as { posts: FileRecord[]; comments: FileRecord[] };
  const posts =
    searchType === 'comments' ? [] : searchType === 'both' ? both.posts : (parsed as FileRecord[]);
  const comments =
    searchType === 'posts' ? [] : searchType === 'both' ? both.comments : (parsed as FileRecord[]);
  if (!Array.isArray(posts) || !Array.isArray(comments)) throw new Error('unexpected JSON layout');
  return {
    posts,
    comments,
    columns: {
      ...(posts[0] ? { posts: Object.keys(posts[0]) } : {}),
      ...(comments[0] ? { comments: Object.keys(comments[0]) } : {}),
    },
  };
}

function csvValue(column: string, raw: string): string | number | boolean | null {
  if (column === 'is_sample') return raw === 'true' ? true : raw === 'false' ? false : raw;
  if (NUMERIC_FIELDS.has(column)) {
    if (raw === '') return null;
    const value = Number(raw);
    if (!Number.isInteger(value)) throw new Error(`${column} is not an integer: ${JSON.stringify(raw)}`);
    return value;
  }
  return unneutralise(raw);
}

function parseCsvFile(searchType: SearchType, text: string): ParsedOrderFile {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('empty CSV');
  const posts: FileRecord[] = [];
  const comments: FileRecord[] = [];
  for (const row of rows) {
    const kind = searchType === 'both' ? row[0] : searchType === 'posts' ? 'post' : 'comment';
    const own: readonly string[] = kind === 'post' ? FILE_COLUMNS.posts : FILE_COLUMNS.comments;
    const record: FileRecord = {};
    header.forEach((column, index) => {
      if (column === 'type') return;
      const raw = row[index]!;
      if (column !== 'is_sample' && !own.includes(column)) {
        if (raw !== '') throw new Error(`a ${kind} row fills the ${column} column`);
        return;
      }
      record[column] = csvValue(column, raw);
    });
    if (kind === 'post') posts.push(record);
    else if (kind === 'comment') comments.push(record);
    else throw new Error(`unknown record type ${JSON.stringify(kind)}`);
  }
  return { posts, comments, columns: { csv: header } };
}

function xlsxCell(column: string, value: ExcelJS.CellValue): string | number | boolean | Date | null {
  if (column === 'created') return value instanceof Date ? value : null;
  if (column === 'is_sample' || NUMERIC_FIELDS.has(column)) return (value ?? null) as number | boolean | null;
  if (typeof value === 'boolean') return value;
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') throw new Error(`${column} holds a ${typeof value}, not text`);
  return unneutralise(value);
}

async function parseXlsxFile(body: Buffer): Promise<ParsedOrderFile> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const result: ParsedOrderFile = { posts: [], comments: [], columns: {}, sheets: [] };
  for (const sheet of workbook.worksheets) {
    const headerRow = sheet.getRow(1);
    const header: string[] = [];
    for (let c = 1; c <= headerRow.cellCount; c += 1) header.push(String(headerRow.getCell(c).value));
    const records: FileRecord[] = [];
    for (let r = 2; r <= sheet.rowCount; r += 1) {
      const row = sheet.getRow(r);
      const record: FileRecord = {};
      header.forEach((column, index) => (record[column] = xlsxCell(column, row.getCell(index + 1).value)));
      records.push(record);
    }
    result.sheets!.push({
      name: sheet.name,
      isHeaderBold: header.every((_, index) => headerRow.getCell(index + 1).font?.bold === true),
      isFrozen: sheet.views.some((view) => view.state === 'frozen' && view.ySplit === 1),
    });
    if (sheet.name === 'Posts') {
      result.posts = records;
      result.columns.posts = header;
    } else if (sheet.name === 'Comments') {
      result.comments = records;
      result.columns.comments = header;
    } else {
      throw new Error(`unexpected sheet ${sheet.name}`);
    }
  }
  return result;
}

/**
 * What a record's export fields look like once read back from a file of this format: XLSX turns CR LF and CR into
 * LF; every format keeps the rest (neutralisation is undone by the reader).
 */
export function exportedFields(kind: 'post' | 'comment', record: object, format: FormatType): FileRecord {
  const fields: readonly string[] = kind === 'post' ? POST_FIELDS : COMMENT_FIELDS;
  const out: FileRecord = {};
  for (const field of fields) {
    const value = (record as Record<string, string | number>)[field]!;
    out[field] = format === 'xlsx' && typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value;
  }
  return out;
}

/** Downloads an order's file through the API. */
export async function downloadOrderFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  orderId: string,
) {
  const res = await app.inject({ method: 'GET', url: `/api/download/${orderId}/`, headers });
  if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode} ${res.body}`);
  return { body: res.rawPayload, headers: res.headers };
}

/** Claims and fulfils orders with one worker id until none is runnable; returns the ids in the order handled. */
export async function fulfilAll(deps: Deps, workerId = 'test-worker'): Promise<string[]> {
  const handled: string[] = [];
  for (let order = await claimOrder(deps, workerId); order; order = await claimOrder(deps, workerId)) {
    await fulfilOrder(deps, order, workerId);
    handled.push(order.id);
  }
  return handled;
}

/** The ledger entries of one reservation, summed by kind, and the reservation itself. */
export async function reservationLedger(db: Db, userId: string, reservationId: string) {
  const entries = (await listLedgerEntries(db, userId)).filter((e) => e.reservation_id === reservationId);
  const sum = (kind: string) =>
    entries.filter((e) => e.kind === kind).reduce((total, e) => total + e.delta, 0);
  return {
    entries,
    reserved: -sum('reserve'),
    released: sum('release'),
    reserveEntries: entries.filter((e) => e.kind === 'reserve').length,
    releaseEntries: entries.filter((e) => e.kind === 'release').length,
    reservation: await findReservation(db, reservationId),
  };
}

/** Delivered files (names) and leftover temp files of a storage directory. */
export function listStorage(dir: string): { files: string[]; temps: string[] } {
  const tmpDir = path.join(dir, '.tmp');
  return {
    files: fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort(),
    temps: fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir).sort() : [],
  };
}

/** Polls until check() returns a value other than undefined/false, or throws after timeoutMs. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 20_000, intervalMs = 50, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

// Texts a file format can trip over: formula triggers, quotes, commas, line breaks, tabs, non-Latin scripts, emoji.
const AWKWARD_TEXTS = [
  'I love python',
  '=HYPERLINK("http://example.com","python")',
  '+python plus, and a comma',
  '-python minus',
  '@python mentions',
  '\tpython after a tab',
  'He said "python" twice, ""quoted""',
  'multi\nline python\nbody',
  'crlf\r\nline python\r\n',
  'naïve café python 🐍 日本語 العربية',
  'pythonic is not python?',
  'pythonic only',
  'jython and rust',
  'data pipelines in rust',
  'python data csv',
  '',
];
const AUTHORS = ['alice', '-dash', '=eq', 'bob,smith', 'Ünïcode'];

/**
 * A small corpus of awkward records for the orders tests: about half say "python", scores with ties and negatives,
 * some deleted or removed records that would otherwise match.
 */
export function makeOrdersCorpus(options: { posts?: number; comments?: number; prefix?: string } = {}) {
  const { posts: postCount = 60, comments: commentCount = 90, prefix = 'o' } = options;
  const text = (i: number) => AWKWARD_TEXTS[i % AWKWARD_TEXTS.length]!;
  const posts = Array.from({ length: postCount }, (_, i) =>
    makePost({
      id: `${prefix}p${i.toString(36)}`,
      title: text(i) || 'untitled python',
      selftext: text(i * 7 + 3),
      author: AUTHORS[i % AUTHORS.length]!,
      score: ((i * 37) % 61) - 8,
      num_comments: i % 13,
      created_utc: 1_600_000_000 + i * 3_600,
      is_deleted: i % 17 === 5 ? 1 : 0,
      is_removed: i % 19 === 7 ? 1 : 0,
    }),
  );
  const comments = Array.from({ length: commentCount }, (_, i) =>
    makeComment({
      id: `${prefix}c${i.toString(36)}`,
      body: text(i * 3 + 1) || 'python',
      author: AUTHORS[(i + 2) % AUTHORS.length]!,
      score: ((i * 29) % 47) - 5,
      replies: i % 9,
      created_utc: 1_610_000_000 + i * 60,
      is_deleted: i % 23 === 4 ? 1 : 0,
      is_removed: i % 29 === 11 ? 1 : 0,
    }),
  );
  return { posts, comments };
}
