import type { FileColumns, SearchType } from '@threadcart/contracts';
import { csvHeaderText, csvRowText } from './csv-writer.ts';
import { jsonRecordText } from './json-writer.ts';
import type { AnyRecord, ContextColumn } from '../corpus/records.ts';

/** A record type's run of records in a file: posts, then comments (`both`). */
export type Section = 'posts' | 'comments';

/** The sections of a search type, in the order a file holds them. */
export const sectionsOf = (searchType: SearchType): readonly Section[] =>
  searchType === 'both' ? ['posts', 'comments'] : [searchType];

/** What a text file's layout depends on besides its records. */
export interface TextLayout {
  readonly searchType: SearchType;
  readonly isSample: boolean;
  readonly columns: FileColumns;
  readonly contextColumns: readonly ContextColumn[];
}

/**
 * A JSON, NDJSON or CSV file as pieces of text: what comes before a section, each record given its index in the
 * section, and what comes after it. The pieces written in order are byte for byte the file writeOrderFile writes
 * (docs/product.md §8.3–8.4, docs/decisions/026), so that a large order can write it in parts and resume after any
 * record (docs/decisions/045-large-orders.md).
 */
export interface TextEncoding {
  before(section: Section): string;
  record(section: Section, record: AnyRecord, index: number): string;
  after(section: Section, count: number): string;
}

export function textEncodingOf(format: 'json' | 'ndjson' | 'csv', layout: TextLayout): TextEncoding {
  const { searchType, isSample, columns } = layout;
  const isBoth = searchType === 'both';
  const kindOf = (section: Section) => (section === 'posts' ? 'post' : 'comment');
  if (format === 'ndjson')
    return {
      before: () => '',
      record: (section, record) =>
        jsonRecordText(record, columns[section], isSample, isBoth ? kindOf(section) : undefined) + '\n',
      after: () => '',
    };
  if (format === 'csv') {
    const context = searchType === 'posts' ? [] : layout.contextColumns;
    const rowOf = (section: Section) => ({
      columns: isBoth ? columns.all : columns[section],
      context,
      isSample,
    });
    const rows = { posts: rowOf('posts'), comments: rowOf('comments') };
    return {
      before: (section) => (section === sectionsOf(searchType)[0] ? csvHeaderText(layout) : ''),
      record: (section, record) => csvRowText(record, rows[section], isBoth ? kindOf(section) : undefined),
      after: () => '',
    };
  }
  return {
    before: (section) => (!isBoth ? '' : section === 'posts' ? '{"posts":' : ',\n"comments":'),
    record: (section, record, index) =>
      (index === 0 ? '[\n' : ',\n') + jsonRecordText(record, columns[section], isSample),
    after: (section, count) =>
      (count === 0 ? '[]' : '\n]') + (isBoth && section === 'posts' ? '' : isBoth ? '}\n' : '\n'),
  };
}
