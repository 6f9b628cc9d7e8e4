import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { stripXmlForbidden, xlsxValue } from './cells.ts';
import { hasComments, hasPosts, type OrderFileLayout } from './layout.ts';
import {
  isContextColumn,
  readColumn,
  readContextColumn,
  SAMPLE_COLUMN,
  type AnyRecord,
  type ContextColumn,
  type RecordColumn,
} from '../corpus/records.ts';
import { sheetBackpressure, type Backpressure } from './xlsx-backpressure.ts';

/** The date column added right after `created_utc` in XLSX: the same instant as a real (UTC) date cell. */
export const XLSX_DATE_COLUMN = 'created';
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Rows a worksheet can hold after its header (Excel's limit is 1,048,576 rows). */
export const XLSX_MAX_DATA_ROWS = 1_048_575;
/** The words the workbook properties carry when the file holds generated sample data. */
export const SAMPLE_DATA_LABEL = 'Threadcart sample data';

// Shared style objects: ExcelJS caches a style id per style object, but would recompute it for every cell's own.
const DATE_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: XLSX_DATE_FORMAT });
const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

type SheetColumn = RecordColumn | ContextColumn | typeof XLSX_DATE_COLUMN | typeof SAMPLE_COLUMN;

const WIDTHS: Partial<Record<SheetColumn, number>> = {
  title: 50,
  selftext: 60,
  body: 60,
  created_utc: 12,
  created: 20,
  subreddit: 18,
  author: 18,
  permalink: 40,
  url: 40,
  num_comments: 13,
  parent_id: 12,
  link_id: 12,
  post_title: 50,
  parent_body: 60,
};

/**
 * Writes the XLSX layout of docs/product.md §8.5 with ExcelJS's streaming writer: a `Posts` and/or `Comments` sheet
 * with a bold frozen header, every row committed as it is made, and the writer paused while the zip stream catches
 * up.
 */
export async function writeXlsxFile(filePath: string, layout: OrderFileLayout): Promise<number> {
  const output = createWriteStream(filePath);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  });
  const zip = (workbook as unknown as { zip: NodeJS.EventEmitter & { abort(): void } }).zip;
  let fail: (error: unknown) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (fail = reject));
  failure.catch(() => undefined);
  output.on('error', fail);
  zip.on('error', fail);
  try {
    describeWorkbook(workbook, layout);
    if (hasPosts(layout.searchType)) {
      await writeSheet(workbook, 'Posts', layout.columns.posts, layout.posts, layout.isSample, failure);
    }
    if (hasComments(layout.searchType)) {
      await writeSheet(
        workbook,
        'Comments',
        [...layout.columns.comments, ...layout.contextColumns],
        layout.comments,
        layout.isSample,
        failure,
      );
    }
    await Promise.race([workbook.commit(), failure]);
    await Promise.race([finished(output), failure]);
  } catch (error) {
    zip.abort();
    output.destroy();
    await finished(output).catch(() => undefined);
    throw error;
  }
  const handle = await open(filePath, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return output.bytesWritten;
}

function describeWorkbook(workbook: ExcelJS.stream.xlsx.WorkbookWriter, layout: OrderFileLayout): void {
  const title = stripXmlForbidden(layout.title);
  workbook.creator = 'Threadcart';
  workbook.lastModifiedBy = 'Threadcart';
  if (layout.isSample) {
    workbook.title = title === '' ? SAMPLE_DATA_LABEL : `${title} (${SAMPLE_DATA_LABEL})`;
    workbook.description = `${SAMPLE_DATA_LABEL}: generated records, not real Reddit content.`;
    workbook.keywords = SAMPLE_DATA_LABEL;
  } else {
    workbook.title = title;
    workbook.description = 'Reddit posts and comments from the Threadcart corpus.';
  }
  if (layout.sampleSeed !== null) {
    workbook.description += ` A random sample, seed ${layout.sampleSeed}.`;
    workbook.keywords = [workbook.keywords, `seed ${layout.sampleSeed}`].filter(Boolean).join('; ');
  }
}

async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  recordColumns: readonly (RecordColumn | ContextColumn)[],
  records: AsyncIterable<AnyRecord>,
  isSample: boolean,
  failure: Promise<never>,
): Promise<void> {
  const columns: SheetColumn[] = recordColumns.flatMap((column) =>
    column === 'created_utc' ? [column, XLSX_DATE_COLUMN] : [column],
  );
  if (isSample) columns.push(SAMPLE_COLUMN);
  const dateCell = columns.indexOf(XLSX_DATE_COLUMN) + 1;
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ key: column, width: WIDTHS[column] ?? 10 }));
  const header = sheet.addRow(columns);
  header.font = { bold: true };
  header.commit();

  const backpressure: Backpressure = sheetBackpressure(sheet, failure);
  let rowCount = 0;
  for await (const record of records) {
    rowCount += 1;
    if (rowCount > XLSX_MAX_DATA_ROWS)
      throw new Error(`The ${name} sheet cannot hold more than 1,048,575 rows.`);
    const row = sheet.addRow(columns.map((column) => cellValue(record, column)));
    for (let cell = 1; cell <= columns.length; cell += 1) {
      row.getCell(cell).style = cell === dateCell ? DATE_STYLE : PLAIN_STYLE;
    }
    row.commit();
    const paused = backpressure.wait();
    if (paused !== undefined) await paused;
  }
  sheet.commit();
}

function cellValue(record: AnyRecord, column: SheetColumn): string | number | boolean | Date | null {
  if (column === SAMPLE_COLUMN) return record.is_sample === true;
  if (column === XLSX_DATE_COLUMN) {
    return Number.isFinite(record.created_utc) ? new Date(record.created_utc * 1000) : null;
  }
  if (isContextColumn(column)) return xlsxValue(readContextColumn(record, column));
  return xlsxValue(readColumn(record, column));
}
