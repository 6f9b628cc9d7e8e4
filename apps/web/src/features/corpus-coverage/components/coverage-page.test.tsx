import { screen, within } from '@testing-library/react';
import type { CorpusCoverage } from '@threadcart/contracts';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const COVERAGE: CorpusCoverage = {
  months: [
    { month: '2023-05', posts: 120, comments: 200 },
    { month: '2023-06', posts: 118, comments: 76 },
    { month: '2023-07', posts: 121, comments: 200 },
  ],
  communities: [
    { name: 'AskScience', records: 400 },
    { name: 'science', records: 78 },
  ],
  records: { posts: 359, comments: 476 },
  latest_retrieved_at: '2024-01-02T03:04:05.000Z',
  sample: 'all',
  gap_share: 0.5,
  gaps: [
    {
      month: '2023-06',
      type: 'comments',
      records: 76,
      neighbours: 200,
      percent: 38,
      message: "2023-06: 38 % of the neighbouring months' comments — the dumps of that month are incomplete.",
    },
  ],
};

describe('CoveragePage', { timeout: 20_000 }, () => {
  it('shows the months, the gaps, the largest communities and the sample label without sign-in', async () => {
    const api = mockApi({ 'GET /api/corpus/coverage/': [200, COVERAGE] });
    renderApp('/coverage');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Corpus coverage' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('coverage-sample')).toHaveTextContent(
      'This corpus is generated sample data, not real Reddit records.',
    );
    expect(screen.getByText(/359 posts and 476 comments, newest retrieved 2024-01-02/)).toBeInTheDocument();
    const months = screen.getByRole('table', { name: 'Records per month' });
    expect(
      within(months)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['FromPostsComments', '2023-05120200', '2023-0611876', '2023-07121200']);
    expect(within(screen.getByRole('list', { name: 'Gaps' })).getByRole('listitem')).toHaveTextContent(
      "2023-06: 38 % of the neighbouring months' comments — the dumps of that month are incomplete.",
    );
    expect(
      within(screen.getByRole('table', { name: 'Largest communities' })).getByRole('row', {
        name: /AskScience/,
      }),
    ).toHaveTextContent('400');
    expect(api.callsTo('GET /api/users/me/')).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: 'Corpus coverage' })[0]).toHaveAttribute('href', '/coverage');
  });

  it('says when the figures cannot be read', async () => {
    mockApi({ 'GET /api/corpus/coverage/': [500, 'oops'] });
    renderApp('/coverage');
    expect(
      await screen.findByText('The coverage figures are unavailable right now.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
