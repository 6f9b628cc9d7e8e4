import type { RecordKind } from '../normalise.ts';
import type { RawRedditThing } from '../raw-types.ts';
import type { SkipReason } from '../skip-reasons.ts';

/** What a reader hands the importer: a record to normalise, or a counted skip, with the line it came from. */
export type ReadItem =
  | {
      readonly type: 'record';
      readonly raw: RawRedditThing;
      /** known when the record came from an API listing (`t3` / `t1`); otherwise classified by its fields */
      readonly kind: RecordKind | undefined;
      readonly line: number;
    }
  | { readonly type: 'skip'; readonly reason: SkipReason; readonly line: number };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Flattens any JSON value the importer accepts into records (reddit-data.md §3.7, §5): a plain dump record; an
 * array of them; a Reddit API Listing (`{kind: "Listing", data: {children}}`); a comment page (an array of two
 * Listings) whose `t1.data.replies` trees are walked depth first; a `/api/morechildren` answer; a Pushshift or
 * Arctic Shift API answer `{data: [...]}`. `more` stubs are counted as skips; other things (t5, t2…) too.
 */
export function flattenValue(value: unknown, line: number, out: ReadItem[]): void {
  if (Array.isArray(value)) {
    for (const element of value) flattenValue(element, line, out);
    return;
  }
  if (!isObject(value)) {
    out.push({ type: 'skip', reason: 'not_a_record', line });
    return;
  }
  if (typeof value.kind === 'string') {
    flattenThing(value, line, out);
    return;
  }
  const data = value.data;
  if (Array.isArray(data) && !('id' in value)) {
    for (const element of data) flattenValue(element, line, out);
    return;
  }
  const things = isObject(value.json) && isObject(value.json.data) ? value.json.data.things : undefined;
  if (Array.isArray(things)) {
    for (const thing of things) flattenValue(thing, line, out);
    return;
  }
  out.push({ type: 'record', raw: value as RawRedditThing, kind: undefined, line });
}

function flattenThing(thing: Json, line: number, out: ReadItem[]): void {
  const data = thing.data;
  switch (thing.kind) {
    case 'Listing':
      if (isObject(data) && Array.isArray(data.children)) {
        for (const child of data.children) flattenValue(child, line, out);
      }
      return;
    case 't3':
      if (isObject(data)) out.push({ type: 'record', raw: data as RawRedditThing, kind: 'post', line });
      else out.push({ type: 'skip', reason: 'not_a_record', line });
      return;
    case 't1':
      if (!isObject(data)) {
        out.push({ type: 'skip', reason: 'not_a_record', line });
        return;
      }
      out.push({ type: 'record', raw: data as RawRedditThing, kind: 'comment', line });
      if (isObject(data.replies)) flattenValue(data.replies, line, out);
      return;
    case 'more':
      out.push({ type: 'skip', reason: 'more_stub', line });
      return;
    default:
      // A dump record may itself carry a `kind` field only if it is a thing wrapper; anything else is not ours.
      if (isObject(data)) out.push({ type: 'skip', reason: 'not_a_record', line });
      else out.push({ type: 'record', raw: thing as RawRedditThing, kind: undefined, line });
  }
}
