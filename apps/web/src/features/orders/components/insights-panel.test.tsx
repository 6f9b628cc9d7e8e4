import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Aggregations } from '@threadcart/contracts';
import type { RuleType } from 'react-querybuilder';
import { describe, expect, it, vi } from 'vitest';
import { InsightsPanel } from './insights-panel.tsx';

const exact = (count: number) => ({ count, low: count, high: count });
const AGGREGATIONS: Aggregations = {
  interval: 'month',
  histogram: {
    is_estimate: false,
    posts: [
      { start: '2022-11-01', ...exact(3) },
      { start: '2022-12-01', ...exact(1) },
    ],
    comments: [{ start: '2022-12-01', ...exact(5) }],
  },
  top: {
    is_estimate: false,
    subreddit: [
      { name: 'Python', ...exact(6) },
      { name: 'learnpython', ...exact(3) },
    ],
    author: [{ name: 'ann', ...exact(4) }],
  },
};

describe('InsightsPanel', () => {
  it('gives the histogram and the top lists as tables, and adds a rule from a row', async () => {
    const user = userEvent.setup();
    const added: RuleType[] = [];
    render(<InsightsPanel aggregations={AGGREGATIONS} onAddRule={(rule) => added.push(rule)} />);
    const months = screen.getByRole('table', { name: 'Matches per month' });
    const rows = within(months).getAllByRole('row');
    // The header, then one row a month with posts and comments side by side.
    expect(rows.map((row) => row.textContent)).toEqual([
      'FromPostsCommentsAction',
      '2022-11-0130Only 2022-11-01 to 2022-11-30',
      '2022-12-0115Only 2022-12-01 to 2022-12-31',
    ]);
    // The tables sit in closed <details>, yet in the accessibility tree: their buttons are there for keyboards.
    await user.click(screen.getByRole('button', { name: 'Only r/learnpython' }));
    await user.click(screen.getByRole('button', { name: 'Only 2022-12-01 to 2022-12-31' }));
    await user.click(screen.getByRole('button', { name: 'Only u/ann' }));
    expect(added).toEqual([
      { field: 'subreddit', operator: 'in', value: ['learnpython'] },
      { field: 'created', operator: 'between', value: ['2022-12-01', '2022-12-31'] },
      { field: 'author', operator: 'in', value: ['ann'] },
    ]);
    expect(screen.queryByText(/random sample/)).not.toBeInTheDocument();
  });

  it('says an estimate is one, with each figure’s 95 % range', () => {
    const estimated: Aggregations = {
      ...AGGREGATIONS,
      histogram: {
        is_estimate: true,
        posts: [{ start: '2022-11-01', count: 1200, low: 900, high: 1500 }],
        comments: [],
      },
      top: { is_estimate: true, subreddit: [{ name: 'Python', count: 800, low: 600, high: 1000 }] },
      sampled_matches: 41,
    };
    render(<InsightsPanel aggregations={estimated} onAddRule={vi.fn()} />);
    expect(
      screen.getByText(/Scaled up from a random sample of the corpus \(41 matches seen\)/),
    ).toBeInTheDocument();
    const top = screen.getByRole('table', { name: 'Top communities' });
    expect(within(top).getByRole('row', { name: /Python/ })).toHaveTextContent('800 (95 % range 600–1000)');
  });
});
