import {
  parseFilterTree,
  type FilterGroupInput,
  type FilterRuleInput,
  type FilterTreeInput,
} from '@threadcart/contracts';
import {
  DummyDriver,
  Kysely,
  type RawBuilder,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT } from '../../../test/test-database.ts';
import { prepareFilter, type RecordType } from '../../corpus/filters/prepare.ts';
import { lookupRowids } from './index-lookup.ts';
import { compileRowCondition } from './row-condition.ts';

const renderer = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

function compiledWhere(filters: FilterTreeInput, type: RecordType) {
  const parsed = parseFilterTree(filters);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return compileRowCondition(prepareFilter(parsed.tree, type), type, 'sqlite').where;
}

const whereOf = (filters: FilterTreeInput, type: RecordType) =>
  sql`${compiledWhere(filters, type)}`.compile(renderer).sql;

const and = (...rules: (FilterRuleInput | FilterGroupInput)[]): FilterTreeInput => ({
  combinator: 'and',
  rules,
});
const data = { field: 'keyword', operator: 'keyword_contains', value: 'data' } as const;

describe('compileRowCondition: the partial count indexes (counts above zero only)', () => {
  it('states `count > 0` when every match needs at least one reply or comment', () => {
    expect(whereOf(and(data, { field: 'replies', operator: 'between', value: [5, 20] }), 'comments')).toMatch(
      /^\(\("is_deleted" = 0 and "is_removed" = 0\) and \(.*\) and "replies" > 0\)$/,
    );
    expect(whereOf(and({ field: 'comments', operator: '>', value: 0 }), 'posts')).toMatch(
      /^\(\("is_deleted" = 0 and "is_removed" = 0\) and .* and "num_comments" > 0\)$/,
    );
    const nested = and(data, { combinator: 'and', rules: [{ field: 'replies', operator: '>=', value: 1 }] });
    expect(whereOf(nested, 'comments')).toMatch(
      /^\(\("is_deleted" = 0 and "is_removed" = 0\) and .* and "replies" > 0\)$/,
    );
  });

  it('states nothing when a match may have none: a zero lower bound, an OR, a NOT, or another field', () => {
    const unimplied: [FilterTreeInput, RecordType][] = [
      [and({ field: 'replies', operator: 'between', value: [0, 20] }), 'comments'],
      [and({ field: 'replies', operator: '<=', value: 3 }), 'comments'],
      [{ combinator: 'or', rules: [data, { field: 'replies', operator: '>=', value: 5 }] }, 'comments'],
      [
        and({ combinator: 'and', not: true, rules: [{ field: 'replies', operator: '>=', value: 5 }] }),
        'comments',
      ],
      [and({ field: 'comments', operator: '>=', value: -3 }), 'posts'],
      [and({ field: 'upvotes', operator: '>=', value: 5 }), 'posts'],
    ];
    for (const [filters, type] of unimplied)
      expect(whereOf(filters, type)).not.toMatch(/"(replies|num_comments)" > 0/);
  });
});

describe.skipIf(TEST_DIALECT !== 'sqlite')('the SQLite plan of a count filter', () => {
  it('searches the partial replies index rather than scanning every comment', async () => {
    const database = await createTestDatabase();
    try {
      const where = compiledWhere(
        and({ field: 'replies', operator: 'between', value: [50, 100] }),
        'comments',
      );
      const { rows } = await sql<{ detail: string }>`explain query plan select id from comments
        where is_deleted = 0 and is_removed = 0 and (${where}) order by score desc, id limit 1000`.execute(
        database.db,
      );
      expect(rows.map((r) => r.detail).join('\n')).toMatch(
        /SEARCH comments USING INDEX comments_live_replies_idx/,
      );
    } finally {
      await database.close();
    }
  });

  it('seeks the count index from the range, not from `> 0` (which would read every entry below it)', async () => {
    const database = await createTestDatabase();
    try {
      // SQLite seeks from the first lower bound it meets: `> 0` is a SeekGT, the range's `>= min` a SeekGE.
      const seeks = async (query: RawBuilder<unknown>) => {
        const { rows } = await sql<{ opcode: string }>`explain ${query}`.execute(database.db);
        return rows.map((r) => r.opcode).filter((opcode) => opcode.startsWith('Seek'));
      };
      const lookup = { kind: 'count', column: 'replies', min: 6, max: 19 } as const;
      expect(await seeks(lookupRowids(lookup, 'comments'))).toContain('SeekGE');
      expect(await seeks(lookupRowids(lookup, 'comments'))).not.toContain('SeekGT');
      const where = compiledWhere(and({ field: 'replies', operator: '>=', value: 6 }), 'comments');
      const listing = sql`select rowid from comments indexed by comments_live_replies_idx where ${where}`;
      expect(await seeks(listing)).toContain('SeekGE');
      expect(await seeks(listing)).not.toContain('SeekGT');
    } finally {
      await database.close();
    }
  });
});
