import { describe, expect, it } from 'vitest';
import { contentTypeFor, extensionFor, fileNameForOrder, MAX_FILE_STEM_BYTES } from './file-names.ts';

const stemBytes = (name: string) => Buffer.byteLength(name.replace(/\.(json|csv|xlsx)$/, ''), 'utf8');

describe('fileNameForOrder', () => {
  it('keeps an ordinary title and adds the extension', () => {
    expect(fileNameForOrder('My Awesome Search', 'json')).toBe('My Awesome Search.json');
    expect(fileNameForOrder('Search 2026-11-22 14:05', 'csv')).toBe('Search 2026-11-22 14-05.csv');
    expect(fileNameForOrder('Données 日本語 пост', 'xlsx')).toBe('Données 日本語 пост.xlsx');
  });

  it('cannot climb out of a directory', () => {
    expect(fileNameForOrder('../../etc/passwd', 'json')).toBe('etc passwd.json');
    expect(fileNameForOrder('..\\..\\windows\\system32', 'csv')).toBe('windows system32.csv');
    expect(fileNameForOrder('/abs/path', 'csv')).toBe('abs path.csv');
    expect(fileNameForOrder('C:\\x', 'csv')).toBe('C x.csv');
  });

  it('falls back to "order" when nothing usable is left', () => {
    expect(fileNameForOrder('', 'json')).toBe('order.json');
    expect(fileNameForOrder('   ', 'json')).toBe('order.json');
    expect(fileNameForOrder('...', 'csv')).toBe('order.csv');
    expect(fileNameForOrder('. . .', 'csv')).toBe('order.csv');
    expect(fileNameForOrder('<>:"/\\|?*', 'xlsx')).toBe('order.xlsx');
  });

  it('removes control and invisible format characters and collapses whitespace', () => {
    expect(fileNameForOrder('a\u0000b\tc\nd\r\ne\u007f\u0085f', 'json')).toBe('a b c d e f.json');
    expect(fileNameForOrder('report\u202Egpj.exe', 'csv')).toBe('reportgpj.exe.csv');
    expect(fileNameForOrder('  many    spaces\u00a0here  ', 'csv')).toBe('many spaces here.csv');
  });

  it('trims dots and spaces from both ends, which Windows cannot keep', () => {
    expect(fileNameForOrder('.hidden', 'json')).toBe('hidden.json');
    expect(fileNameForOrder('trailing... ', 'json')).toBe('trailing.json');
    expect(fileNameForOrder('v1.2 results', 'json')).toBe('v1.2 results.json');
  });

  it('steps around Windows device names', () => {
    expect(fileNameForOrder('CON', 'json')).toBe('_CON.json');
    expect(fileNameForOrder('nul.tar', 'csv')).toBe('_nul.tar.csv');
    expect(fileNameForOrder('com1', 'xlsx')).toBe('_com1.xlsx');
    expect(fileNameForOrder('Console', 'json')).toBe('Console.json');
  });

  it('keeps emoji, ZWJ sequences included', () => {
    expect(fileNameForOrder('🐍 python 👩‍👩‍👧', 'json')).toBe('🐍 python 👩‍👩‍👧.json');
  });

  it(`stops at ${MAX_FILE_STEM_BYTES} bytes of UTF-8 without cutting a character`, () => {
    expect(stemBytes(fileNameForOrder('a'.repeat(500), 'json'))).toBe(MAX_FILE_STEM_BYTES);
    const emoji = fileNameForOrder('👩‍👩‍👧'.repeat(20), 'csv');
    expect(stemBytes(emoji)).toBeLessThanOrEqual(MAX_FILE_STEM_BYTES);
    expect(emoji.replace('.csv', '')).toBe('👩‍👩‍👧'.repeat(Math.floor(MAX_FILE_STEM_BYTES / 18)));
    const accents = fileNameForOrder('é'.repeat(80), 'xlsx');
    expect(stemBytes(accents)).toBe(MAX_FILE_STEM_BYTES);
    expect(accents).not.toContain('\ufffd');
  });

  it('trims again after cutting, so a cut never leaves a trailing space or dot', () => {
    const name = fileNameForOrder(`${'a'.repeat(MAX_FILE_STEM_BYTES - 1)} tail`, 'json');
    expect(name).toBe(`${'a'.repeat(MAX_FILE_STEM_BYTES - 1)}.json`);
  });
});

describe('extensionFor and contentTypeFor', () => {
  it('name the right extension and media type for each format', () => {
    expect(['json', 'csv', 'xlsx'].map((f) => extensionFor(f as 'json'))).toEqual(['.json', '.csv', '.xlsx']);
    expect(contentTypeFor('json')).toBe('application/json; charset=utf-8');
    expect(contentTypeFor('csv')).toBe('text/csv; charset=utf-8');
    expect(contentTypeFor('xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});
