import { describe, expect, it } from 'vitest';
import { dateBoundToEpoch, describeFilterTree, parseFilterTree, type FilterTree } from './filters.ts';

const tree = (...rules: object[]) => ({ combinator: 'and', rules });
const parse = (...rules: object[]): FilterTree => {
  const result = parseFilterTree(tree(...rules));
  if (!result.ok) throw new Error(result.errors.join(' | '));
  return result.tree;
};
const errors = (...rules: object[]) => {
  const result = parseFilterTree(tree(...rules));
  return result.ok ? [] : result.errors;
};

describe('the fields researchers need: values', () => {
  it('reads name lists: case-insensitive, r/ and u/ dropped, commas or arrays, duplicates merged', () => {
    expect(
      parse({ field: 'subreddit', operator: 'in', value: ['r/Science', 'askscience', '/r/science'] }).rules,
    ).toEqual([{ field: 'subreddit', operator: 'in', value: ['science', 'askscience'] }]);
    expect(parse({ field: 'author', operator: 'not_in', value: 'u/Alice, bob  CAROL' }).rules).toEqual([
      { field: 'author', operator: 'not_in', value: ['alice', 'bob', 'carol'] },
    ]);
    expect(parse({ field: 'domain', operator: 'in', value: ['YouTube.com'] }).rules[0]).toMatchObject({
      value: ['youtube.com'],
    });
  });

  it('reads dates and date-times, whole days inclusive, and refuses what does not parse', () => {
    const [rule] = parse({
      field: 'created',
      operator: 'between',
      value: ['2022-11-01', '2022-11-30'],
    }).rules;
    expect(rule).toEqual({ field: 'created', operator: 'between', value: ['2022-11-01', '2022-11-30'] });
    expect(dateBoundToEpoch('2022-11-01', 'from')).toBe(Date.UTC(2022, 10, 1) / 1000);
    expect(dateBoundToEpoch('2022-11-30', 'to')).toBe(Date.UTC(2022, 10, 30, 23, 59, 59) / 1000);
    expect(parse({ field: 'created', operator: '>=', value: '2022-11-01T10:30+02:00' }).rules[0]).toEqual({
      field: 'created',
      operator: '>=',
      value: '2022-11-01T08:30:00Z',
    });
    expect(
      parse({ field: 'created', operator: 'between', value: [null, '2023-01-01'] }).rules[0],
    ).toMatchObject({
      value: [null, '2023-01-01'],
    });
    expect(errors({ field: 'created', operator: 'between', value: ['2022-11-30', '2022-11-01'] })).toEqual([
      'Rule 1 (created): the end 2022-11-01 is before the start 2022-11-30.',
    ]);
    expect(errors({ field: 'created', operator: '>=', value: '2022-02-30' })).toEqual([
      'Rule 1 (created): "2022-02-30" is not a date on the calendar.',
    ]);
    expect(errors({ field: 'created', operator: '<=', value: 'last tuesday' })).toEqual([
      'Rule 1 (created): "last tuesday" is not a date (use YYYY-MM-DD or an ISO-8601 date-time).',
    ]);
  });

  it('reads flags, post kinds and flair text', () => {
    expect(parse({ field: 'nsfw', operator: '=', value: 'false' }).rules[0]).toEqual({
      field: 'nsfw',
      operator: '=',
      value: false,
    });
    expect(
      parse({ field: 'post_kind', operator: 'in', value: ['video', 'Image', 'video'] }).rules[0],
    ).toEqual({
      field: 'post_kind',
      operator: 'in',
      value: ['image', 'video'],
    });
    expect(parse({ field: 'flair', operator: 'contains', value: '  Discussion ' }).rules[0]).toEqual({
      field: 'flair',
      operator: 'contains',
      value: 'Discussion',
    });
  });

  it('refuses empty and oversized lists, unknown choices, non-flags, empty flair, naming each rule', () => {
    expect(
      errors(
        { field: 'subreddit', operator: 'in', value: [] },
        { field: 'author', operator: 'in', value: Array.from({ length: 501 }, (_, i) => `user${i}`) },
        { field: 'post_kind', operator: 'in', value: ['meme'] },
        { field: 'removed', operator: '=', value: 'maybe' },
        { field: 'flair', operator: 'contains', value: '   ' },
        { field: 'nsfw', operator: 'in', value: true },
        { field: 'comment_upvotes', operator: 'between', value: [5, 1] },
      ),
    ).toEqual([
      'Rule 1 (subreddit): add at least one name.',
      'Rule 2 (author): the list has 501 names; at most 500 are allowed.',
      'Rule 3 (post_kind): "meme" is not one of self, link, image, video, gallery.',
      'Rule 4 (removed): the value must be true or false.',
      'Rule 5 (flair): enter some text.',
      'Rule 6 (nsfw): unknown operator "in".',
      'Rule 7 (comment_upvotes): the minimum 5 is greater than the maximum 1.',
    ]);
  });

  it('shows every rule in the SQL-like preview', () => {
    const filters = parse(
      { field: 'subreddit', operator: 'in', value: ['science'] },
      { field: 'created', operator: 'between', value: ['2022-11-01', '2022-11-30'] },
      { field: 'removed', operator: '=', value: false },
      { field: 'post_kind', operator: 'not_in', value: ['video'] },
      { field: 'flair', operator: 'does_not_contain', value: "it's meta" },
      { field: 'comment_upvotes', operator: '>=', value: 10 },
    );
    expect(describeFilterTree(filters)).toBe(
      "(subreddit IN ('science') AND created BETWEEN '2022-11-01' AND '2022-11-30' AND removed = false AND " +
        "post_kind NOT IN ('video') AND flair NOT CONTAINS 'it''s meta' AND comment_upvotes >= 10)",
    );
  });
});
