import { sql } from 'kysely';
import type { SuggestField } from '@threadcart/contracts';
import type { Db } from '../../../database.ts';

/** Names that never help a buyer: the placeholder of a deleted account, and a post without a link domain. */
const HIDDEN_KEYS = ['[deleted]', ''];

/**
 * Up to `limit` names of a field whose key starts with `prefix`, the most records first: one range of the primary
 * key (field, name_key), then a sort of the names in that range (never the corpus tables).
 */
export async function findNamesByPrefix(
  db: Db,
  field: SuggestField,
  prefix: string,
  limit: number,
): Promise<{ name: string; records: number }[]> {
  const query = db
    .selectFrom('corpus_names')
    .select(['name', 'records'])
    .where('field', '=', field)
    .where('records', '>', 0)
    .where('name_key', 'not in', HIDDEN_KEYS);
  // No prefix: the top of the (field, records) index. A prefix: its key range, sorted by count; `records + 0` keeps
  // the planner from walking the count index instead (all names of the field) to find a rare prefix.
  const rows =
    prefix === ''
      ? await query.orderBy('records', 'desc').orderBy('name_key').limit(limit).execute()
      : await query
          .where('name_key', '>=', prefix)
          .where('name_key', '<', nextPrefix(prefix))
          .orderBy(sql`records + 0`, 'desc')
          .orderBy('name_key')
          .limit(limit)
          .execute();
  return rows.map((row) => ({ name: row.name, records: Number(row.records) }));
}

/** The smallest text greater than every text starting with prefix (its last code point plus one). */
function nextPrefix(prefix: string): string {
  const points = [...prefix];
  const last = points.pop()!.codePointAt(0)!;
  return points.join('') + String.fromCodePoint(last + 1);
}
