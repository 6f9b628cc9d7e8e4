import { describe, expect, it } from 'vitest';
import { summarizeFilterTree } from './filter-summary.ts';
import { parseFilterTree, type FilterTree } from './filters.ts';

const tree = (input: unknown): FilterTree => {
  const result = parseFilterTree(input);
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.tree;
};

describe('summarizeFilterTree', () => {
  it('says the terms, the communities and the year, as a person would title the order', () => {
    expect(
      summarizeFilterTree(
        tree({
          combinator: 'and',
          rules: [
            { field: 'keyword', operator: 'keyword_contains', value: 'python' },
            { field: 'subreddit', operator: 'in', value: ['datascience'] },
            { field: 'created', operator: 'between', value: ['2021-01-01', '2021-12-31'] },
          ],
        }),
      ),
    ).toBe('python + r/datascience, 2021');
  });

  it('reads an OR as "or", leaves out exclusions, NOT groups and flags, and keeps an upvote floor', () => {
    expect(
      summarizeFilterTree(
        tree({
          combinator: 'and',
          rules: [
            {
              combinator: 'or',
              rules: [
                { field: 'keyword', operator: 'keyword_contains', value: 'docker' },
                { field: 'regex', operator: 'regex_matches', value: 'kube\\w+' },
              ],
            },
            { field: 'keyword', operator: 'does_not_contain', value: 'spam' },
            {
              combinator: 'and',
              not: true,
              rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'x' }],
            },
            { field: 'nsfw', operator: '=', value: false },
            { field: 'upvotes', operator: '>=', value: 1000 },
            { field: 'created', operator: 'between', value: ['2020-03-01', '2022-06-30'] },
          ],
        }),
      ),
    ).toBe('docker or /kube\\w+/, upvotes ≥ 1000, 2020–2022');
  });

  it('is empty for a tree that asks nothing positive, and ends long summaries with …', () => {
    expect(summarizeFilterTree(tree({ combinator: 'and', rules: [] }))).toBe('');
    const long = summarizeFilterTree(
      tree({
        combinator: 'and',
        rules: [
          {
            field: 'subreddit',
            operator: 'in',
            value: ['askscience', 'askhistorians', 'datascience', 'programming', 'python'],
          },
        ],
      }),
    );
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});
