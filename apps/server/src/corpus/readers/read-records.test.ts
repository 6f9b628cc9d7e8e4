import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecords, type ContentLayout, type ReadItem } from './read-records.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/corpus');
const HAS_ZSTD = spawnSync('zstd', ['--version']).status === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-readers-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function readAll(file: string, options = {}): Promise<{ items: ReadItem[]; layout?: ContentLayout }> {
  const items: ReadItem[] = [];
  let layout: ContentLayout | undefined;
  for await (const batch of readRecords(file, { ...options, onLayout: (l) => (layout = l) }))
    items.push(...batch);
  return { items, layout };
}

function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

const ids = (items: ReadItem[]) => items.flatMap((i) => (i.type === 'record' ? [String(i.raw.id)] : []));
const skips = (items: ReadItem[]) =>
  items.flatMap((i) => (i.type === 'skip' ? [`${i.reason}@${i.line}`] : []));

const NDJSON_LINES = [
  '{"id":"a1","title":"first","created_utc":1}',
  '',
  '{"id":"a2","title":"second","created_utc":2}',
  '{"id":"a3", broken',
  '{"id":"a4","body":"x","link_id":"t3_a1","created_utc":"3"}',
];

describe('readRecords', () => {
  it('reads NDJSON: CRLF, blank lines, a bad line (counted with its line number), no trailing newline', async () => {
    const file = write('plain.ndjson', NDJSON_LINES.join('\r\n'));
    const { items, layout } = await readAll(file);
    expect(layout).toBe('ndjson');
    expect(ids(items)).toEqual(['a1', 'a2', 'a4']);
    expect(skips(items)).toEqual(['invalid_json@4']);
    expect(items.find((i) => i.type === 'record' && i.raw.id === 'a4')?.line).toBe(5);
  });

  it('detects gzip by content, whatever the name says', async () => {
    const file = write('looks-plain.json', zlib.gzipSync(NDJSON_LINES.join('\n') + '\n'));
    const { items, layout } = await readAll(file);
    expect(layout).toBe('ndjson');
    expect(ids(items)).toEqual(['a1', 'a2', 'a4']);
  });

  it.skipIf(!HAS_ZSTD)('reads a .zst compressed with a 2 GiB window (zstd --long=31)', async () => {
    const text = Array.from({ length: 500 }, (_, i) =>
      JSON.stringify({ id: `z${i}`, title: 't', created_utc: i }),
    );
    const packed = spawnSync('zstd', ['--long=31', '-19', '-c', '-q'], { input: text.join('\n') + '\n' });
    expect(packed.status).toBe(0);
    const file = write('RS_2099-01.zst', packed.stdout);
    // The fixture really needs the long window: a default decoder refuses it.
    const plainDecode = spawnSync('zstd', ['-dc', '-q', file]);
    expect(plainDecode.status).not.toBe(0);
    expect(String(plainDecode.stderr)).toMatch(/Window size larger than maximum|long=31|memory/);
    const { items } = await readAll(file);
    expect(ids(items)).toHaveLength(500);
    expect(ids(items).at(-1)).toBe('z499');
  });

  it.skipIf(!HAS_ZSTD)('surfaces zstd errors for a corrupt .zst, and a missing zstd command', async () => {
    const file = write(
      'broken.zst',
      Buffer.concat([Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), Buffer.alloc(64, 7)]),
    );
    await expect(readAll(file)).rejects.toThrow(/zstd could not decompress .*broken\.zst \(exit 1\): .+/);
    await expect(readAll(file, { zstdCommand: '/nonexistent/zstd' })).rejects.toThrow(
      /zstd command is not installed/,
    );
  });

  it('throws for a missing file', async () => {
    await expect(readAll(path.join(dir, 'nope.ndjson'))).rejects.toThrow(/ENOENT/);
  });

  it('reads a pretty-printed JSON array element by element, across chunk boundaries', async () => {
    const records = Array.from({ length: 3000 }, (_, i) => ({
      id: `p${i}`,
      title: `t ${'[x]'.repeat(i % 7)}`,
      created_utc: i,
    }));
    const file = write('array.json', JSON.stringify(records, null, 2));
    const { items, layout } = await readAll(file);
    expect(layout).toBe('json');
    expect(ids(items)).toEqual(records.map((r) => r.id));
    expect(skips(items)).toEqual([]);
    expect(items[1]!.line).toBeGreaterThan(items[0]!.line);
  });

  it('flattens a Reddit comment page: the post, the replies tree, more stubs counted', async () => {
    const { items, layout } = await readAll(path.join(FIXTURES, 'comment-page.json'));
    expect(layout).toBe('json');
    const records = items.flatMap((i) => (i.type === 'record' ? [`${i.kind}:${String(i.raw.id)}`] : []));
    expect(records).toEqual([
      'post:abc12',
      'comment:c1',
      'comment:c2',
      'comment:c3',
      'comment:c4',
      'comment:c7',
    ]);
    expect(skips(items).map((s) => s.split('@')[0])).toEqual(['more_stub', 'more_stub']);
  });

  it('flattens a Listing on one line, a Pushshift API answer and /api/morechildren things', async () => {
    const listing = write(
      'listing.json',
      JSON.stringify({
        kind: 'Listing',
        data: {
          after: 't3_b',
          children: [
            { kind: 't3', data: { id: 'l1', title: 'x' } },
            { kind: 't5', data: {} },
          ],
        },
      }),
    );
    const more = write(
      'more.json',
      JSON.stringify({
        json: {
          errors: [],
          data: { things: [{ kind: 't1', data: { id: 'm1', body: 'b', link_id: 't3_x' } }] },
        },
      }),
    );
    expect(ids((await readAll(listing)).items)).toEqual(['l1']);
    expect(skips((await readAll(listing)).items)).toEqual(['not_a_record@1']);
    expect(ids((await readAll(more)).items)).toEqual(['m1']);
    expect(ids((await readAll(path.join(FIXTURES, 'pushshift-api-comments.json'))).items)).toEqual([
      'j2a0001',
      'j2a0002',
    ]);
  });

  it('reports a file that is not JSON once, and reads an empty file as nothing', async () => {
    expect(skips((await readAll(write('readme.txt', 'hello\nworld\n'))).items)).toEqual(['not_json_file@1']);
    const empty = await readAll(write('empty.ndjson', '\n\n'));
    expect(empty.layout).toBe('empty');
    expect(empty.items).toEqual([]);
  });

  it('strips a UTF-8 byte order mark', async () => {
    const { items } = await readAll(write('bom.ndjson', '\uFEFF{"id":"b1","title":"x"}\n'));
    expect(ids(items)).toEqual(['b1']);
  });
});
