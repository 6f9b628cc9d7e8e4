import { describe, expect, it } from 'vitest';
import { toFts5Query, toTsQuery } from '../../db/filter-sql/index-lookup.ts';
import { parseKeywordQuery } from './keyword-query.ts';

describe('parseKeywordQuery', () => {
  it('splits words, phrases, multi-token chunks and prefixes', () => {
    expect(parseKeywordQuery(' Python  "Big DATA"* node.js pyth* "unclosed quote')).toEqual([
      { tokens: ['python'], prefix: false },
      { tokens: ['big', 'data'], prefix: true },
      { tokens: ['node', 'js'], prefix: false },
      { tokens: ['pyth'], prefix: true },
      { tokens: ['unclosed', 'quote'], prefix: false },
    ]);
    expect(parseKeywordQuery('"" * !!')).toEqual([]);
  });

  it('renders FTS5 and tsquery texts with every token quoted', () => {
    const terms = parseKeywordQuery('"big data"* café');
    expect(toFts5Query(terms)).toBe('"big data" * AND "café"');
    expect(toTsQuery(terms)).toBe("'big' & 'data':* & 'café'");
  });
});
