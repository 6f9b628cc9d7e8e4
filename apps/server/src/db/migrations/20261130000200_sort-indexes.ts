import { sql, type Kysely } from 'kysely';

// Every sort walks an index in its order and stops at the limit (docs/decisions/039-random-samples-by-key.md):
// most_discussed on one key, count × 2³² + score (it orders the pairs as the sort does while |score| < 2³¹, and
// scores are 32-bit), then the id; top with removed records admitted on the score of every row (the live score
// index holds live rows only). new and old walk the (created_utc, id) index of 20261125000100. Both indexes hold
// every row: a `removed` rule may ask for any, and the search checks the live predicate on each row it reads.

const INDEXES: [name: string, table: string, columns: string][] = [
  ['posts_discussed_idx', 'posts', '(num_comments * 4294967296 + score) desc, id'],
  ['comments_discussed_idx', 'comments', '(replies * 4294967296 + score) desc, id'],
  ['posts_score_all_idx', 'posts', 'score desc, id'],
  ['comments_score_all_idx', 'comments', 'score desc, id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await sql.raw(`create index ${name} on ${table} (${columns})`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
}
