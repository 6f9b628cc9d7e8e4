import { render, screen, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { ORDER_MESSAGES } from '@threadcart/contracts';
import { MemoryRouter } from 'react-router';
import {
  DryRunPanel,
  describeDuration,
  describeMatches,
  describeRange,
  describeTypeParts,
} from './dry-run-panel.tsx';

const exact = {
  matches: 1234,
  matches_capped: false,
  matches_is_estimate: false,
  matches_low: 1234,
  matches_high: 1234,
};
const estimate = {
  matches: 1_234_567,
  matches_capped: false,
  matches_is_estimate: true,
  matches_low: 1_100_000,
  matches_high: 1_310_000,
};

describe('describeTypeParts', () => {
  it('says which type was counted exactly and which estimated', () => {
    expect(
      describeTypeParts([
        { type: 'posts', matches: 21_095, is_estimate: false, low: 21_095, high: 21_095 },
        { type: 'comments', matches: 400_000, is_estimate: true, low: 350_000, high: 460_000 },
      ]),
    ).toBe('Posts: 21,095 (exact) · Comments: ≈ 400K (estimate)');
    expect(
      describeTypeParts([
        { type: 'posts', matches: 3, is_estimate: false, low: 3, high: 3 },
        { type: 'comments', matches: 900, is_estimate: true, low: 2, high: 90_000 },
      ]),
    ).toBe('Posts: 3 (exact) · Comments: 2–90K (estimate)');
  });

  it('says nothing for one type, or when the server sent no parts', () => {
    expect(describeTypeParts(undefined)).toBeUndefined();
    expect(
      describeTypeParts([{ type: 'posts', matches: 5, is_estimate: false, low: 5, high: 5 }]),
    ).toBeUndefined();
  });
});

describe('describeMatches and describeRange', () => {
  it('says an exact count in full and gives no range', () => {
    expect(describeMatches(exact)).toBe('1,234 matching records');
    expect(describeMatches({ ...exact, matches: 1, matches_low: 1, matches_high: 1 })).toBe(
      '1 matching record',
    );
    expect(describeRange(exact)).toBeUndefined();
  });

  it('marks an estimate with ≈, a compact figure and its 95 % range', () => {
    expect(describeMatches(estimate)).toBe('≈ 1.2M matching records (estimate)');
    expect(describeRange(estimate)).toBe('between 1.1M and 1.3M');
    const small = { ...estimate, matches: 40, matches_low: 12, matches_high: 110 };
    expect(describeMatches(small)).toBe('≈ 40 matching records (estimate)');
    expect(describeRange(small)).toBe('between 12 and 110');
  });

  it('says only the range of an estimate whose range spans more than ten times, never its point', () => {
    const wide = { ...estimate, matches: 0, matches_low: 0, matches_high: 2_118_595 };
    expect(describeMatches(wide)).toBe('between 0 and 2.1M matching records (estimate)');
    expect(describeRange(wide)).toBeUndefined();
    const apart = { ...estimate, matches: 79_956, matches_low: 61_840, matches_high: 2_218_541 };
    expect(describeMatches(apart)).toBe('between 61.8K and 2.2M matching records (estimate)');
    expect(describeMatches({ ...apart, matches_high: 618_400 })).toBe('≈ 80K matching records (estimate)');
  });

  it('keeps "at least" for a server that only says the count was capped', () => {
    expect(describeMatches({ matches: 100_000, matches_capped: true })).toBe(
      'at least 100,000 matching records',
    );
  });
});

describe('DryRunPanel', () => {
  const scanOf = (records: number, seconds: number, budgetLeft: number) => ({
    records,
    seconds,
    budget_left: budgetLeft,
    budget: 50_000_000,
    budget_resets_at: '2026-11-29T00:00:00.000Z',
  });
  const renderScan = (scan: ReturnType<typeof scanOf> | undefined) =>
    render(
      <MemoryRouter>
        <DryRunPanel
          isReady
          isWaiting={false}
          error={null}
          resultCount={10}
          data={{
            ...exact,
            matches: 0,
            credits_needed: 0,
            credits: 1000,
            sample: [],
            ...(scan ? { scan } : {}),
          }}
        />
      </MemoryRouter>,
    );

  it('says that a search no index narrows reads the whole corpus, about how long, and the scan budget left', () => {
    expect(describeDuration(1)).toBe('about 1 second');
    expect(describeDuration(42)).toBe('about 42 seconds');
    expect(describeDuration(89)).toBe('about 1 minute');
    expect(describeDuration(834)).toBe('about 14 minutes');
    const { unmount } = renderScan(scanOf(10_000_000, 834, 40_000_000));
    expect(screen.getByTestId('dry-run-scan')).toHaveTextContent(
      'This search reads the whole corpus: about 14 minutes.',
    );
    expect(screen.getByTestId('dry-run-scan-budget')).toHaveTextContent(
      'It reads 10,000,000 records of your daily scan budget, which has 40,000,000 of 50,000,000 left (resets at 00:00 UTC).',
    );
    unmount();
    renderScan(scanOf(120_000, 2, 100_000));
    expect(screen.getByTestId('dry-run-scan')).toHaveTextContent(
      'This search reads the whole corpus: about 2 seconds.',
    );
    expect(screen.getByTestId('dry-run-scan-budget')).toHaveTextContent(
      'Your daily scan budget has 100,000 of 50,000,000 records left, not enough for the 120,000 this one reads; it resets at 00:00 UTC.',
    );
  });

  it('says nothing of a scan when an index narrows the search', () => {
    renderScan(undefined);
    expect(screen.queryByTestId('dry-run-scan')).not.toBeInTheDocument();
  });

  it('shows the estimate, its range, and the credits still computed exactly', () => {
    render(
      <MemoryRouter>
        <DryRunPanel
          isReady
          isWaiting={false}
          error={null}
          resultCount={500}
          data={{ ...estimate, credits_needed: 500, credits: 1000, sample: [] }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('dry-run-matches')).toHaveTextContent('≈ 1.2M matching records (estimate)');
    expect(screen.getByTestId('dry-run-range')).toHaveTextContent('Likely between 1.1M and 1.3M (95 % range');
    expect(screen.getByTestId('dry-run-credits-needed')).toHaveTextContent('500');
  });
  it('labels the sample records that come from the generated sample corpus as sample data', () => {
    const record = (id: string, isSample: boolean) => ({
      type: 'post',
      id,
      title: `Title ${id}`,
      subreddit: 'python',
      score: 3,
      is_sample: isSample,
    });
    render(
      <MemoryRouter>
        <DryRunPanel
          isReady
          isWaiting={false}
          error={null}
          resultCount={2}
          data={{
            ...exact,
            credits_needed: 2,
            credits: 1000,
            sample: [record('a', true), record('b', false)],
          }}
        />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole('list', { name: 'Sample records' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('sample data');
    expect(items[1]).not.toHaveTextContent('sample data');
  });
  it('says a bulk load is running (503 corpus_bulk_loading), and that another 503 is a fault', () => {
    const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    const answer = (data: unknown) =>
      new AxiosError('Request failed with status code 503', 'ERR_BAD_RESPONSE', config, {}, {
        status: 503,
        data,
        statusText: '',
        headers: new AxiosHeaders(),
        config,
      } as AxiosResponse);
    const panel = (error: unknown) => (
      <MemoryRouter>
        <DryRunPanel isReady isWaiting={false} error={error} resultCount={500} data={undefined} />
      </MemoryRouter>
    );
    const { rerender } = render(
      panel(answer({ code: 'corpus_bulk_loading', detail: ORDER_MESSAGES.corpusBulkLoading })),
    );
    expect(screen.getByText(ORDER_MESSAGES.corpusBulkLoading)).toBeInTheDocument();
    rerender(panel(answer({ code: 'dry_run_busy', detail: ORDER_MESSAGES.dryRunBusy })));
    expect(screen.getByText('The dry run is unavailable right now.')).toBeInTheDocument();
  });
  it('says the sample corpus is still loading instead of showing its partial count', () => {
    const { rerender } = render(
      <MemoryRouter>
        <DryRunPanel
          isReady
          isWaiting={false}
          error={null}
          resultCount={500}
          data={{ ...exact, matches: 0, credits_needed: 0, credits: 1000, sample: [], corpus_loading: true }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('dry-run-corpus-loading')).toHaveTextContent(
      'The sample corpus is still loading',
    );
    expect(screen.queryByTestId('dry-run-matches')).toBeNull();
    expect(screen.queryByText(/0 matching records/)).toBeNull();
    rerender(
      <MemoryRouter>
        <DryRunPanel
          isReady
          isWaiting={false}
          error={null}
          resultCount={500}
          data={{ ...exact, credits_needed: 500, credits: 1000, sample: [], corpus_loading: false }}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('dry-run-corpus-loading')).toBeNull();
    expect(screen.getByTestId('dry-run-matches')).toHaveTextContent('1,234 matching records');
  });
});
