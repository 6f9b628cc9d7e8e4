import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatType } from '@threadcart/contracts';
import type { CommentRecord, PostRecord } from '../corpus/records.ts';
import { makeComment, makePost, parseCsv } from '../../test/export-fixtures.ts';
import { UnlabelledSampleError, writeOrderFile } from './write-order-file.ts';

let dir: string;
let counter = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'threadcart-sample-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function write(
  format: FormatType,
  posts: Iterable<PostRecord>,
  comments: Iterable<CommentRecord>,
  isSample?: boolean,
) {
  counter += 1;
  const filePath = path.join(dir, `f${counter}.${format}`);
  await writeOrderFile({
    format,
    searchType: 'both',
    posts,
    comments,
    filePath,
    title: 'Sample run',
    isSample,
  });
  return filePath;
}

async function readXlsx(filePath: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(filePath);
  return workbook;
}

const samplePost = makePost({ is_sample: true });
const realComment = makeComment({ is_sample: false });

describe('sample data labelling', () => {
  it('JSON records carry is_sample when any record is sample, and not otherwise', async () => {
    const sample = JSON.parse(await readFile(await write('json', [samplePost], [realComment]), 'utf8'));
    expect(sample.posts[0].is_sample).toBe(true);
    expect(sample.comments[0].is_sample).toBe(false);
    expect(Object.keys(sample.posts[0]).at(-1)).toBe('is_sample');
    const real = JSON.parse(await readFile(await write('json', [makePost()], [realComment]), 'utf8'));
    expect('is_sample' in real.posts[0]).toBe(false);
    expect('is_sample' in real.comments[0]).toBe(false);
  });

  it('CSV gets a last is_sample column only for sample data', async () => {
    const sample = parseCsv(await readFile(await write('csv', [samplePost], [realComment]), 'utf8'));
    expect(sample[0]!.at(-1)).toBe('is_sample');
    expect(sample.slice(1).map((row) => row.at(-1))).toEqual(['true', 'false']);
    const real = parseCsv(await readFile(await write('csv', [makePost()], [realComment]), 'utf8'));
    expect(real[0]).not.toContain('is_sample');
  });

  it('XLSX gets an is_sample column and workbook properties that say "Threadcart sample data"', async () => {
    const workbook = await readXlsx(await write('xlsx', [], [makeComment({ is_sample: true })]));
    expect(workbook.title).toBe('Sample run (Threadcart sample data)');
    expect(workbook.description).toContain('Threadcart sample data');
    const posts = workbook.getWorksheet('Posts')!;
    const comments = workbook.getWorksheet('Comments')!;
    expect(posts.getRow(1).getCell(posts.getRow(1).cellCount).value).toBe('is_sample');
    expect(comments.getRow(2).getCell(comments.getRow(1).cellCount).value).toBe(true);

    const real = await readXlsx(await write('xlsx', [makePost()], []));
    expect(real.title).toBe('Sample run');
    expect(real.description).not.toContain('sample');
    const header = real.getWorksheet('Posts')!.getRow(1).values as unknown[];
    expect(header).not.toContain('is_sample');
  });

  it('finds a sample record anywhere in array inputs', async () => {
    const posts = [makePost({ id: 'a' }), makePost({ id: 'b' }), makePost({ id: 'c', is_sample: true })];
    const parsed = JSON.parse(await readFile(await write('json', posts, []), 'utf8'));
    expect(parsed.posts.map((post: PostRecord) => post.is_sample)).toEqual([false, false, true]);
  });

  it('lets the first record of a non-array input decide, and peeks comments when there are no posts', async () => {
    function* once<T>(records: T[]) {
      yield* records;
    }
    const filePath = await write('csv', once<PostRecord>([]), once([makeComment({ is_sample: true })]));
    expect(parseCsv(await readFile(filePath, 'utf8'))[0]!.at(-1)).toBe('is_sample');
  });

  it('rejects, leaving no file, when a later sample record meets a layout fixed as real', async () => {
    function* posts() {
      yield makePost({ id: 'real' });
      yield makePost({ id: 'late', is_sample: true });
    }
    const filePath = path.join(dir, 'late.csv');
    await expect(
      writeOrderFile({
        format: 'csv',
        searchType: 'posts',
        posts: posts(),
        comments: [],
        filePath,
        title: 't',
      }),
    ).rejects.toBeInstanceOf(UnlabelledSampleError);
    await expect(stat(filePath)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('follows an explicit isSample over the records', async () => {
    const rows = parseCsv(await readFile(await write('csv', [makePost()], [], true), 'utf8'));
    expect(rows[0]!.at(-1)).toBe('is_sample');
    expect(rows[1]!.at(-1)).toBe('false');
  });
});
