import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../lib/query-client.ts';
import { ME_QUERY_KEY } from '../../../lib/session.tsx';
import { mockApi } from '../../../testing/mock-api.ts';
import { makeOrder } from '../test-utils.ts';
import { ORDERS_POLL_INTERVAL_MS } from '../api/query-keys.ts';
import { useDashboardData } from './use-dashboard-data.ts';

function statsFor(statuses: string[]) {
  const active = statuses.filter((s) => s === 'pending' || s === 'processing').length;
  return {
    total: statuses.length,
    completed: statuses.length - active,
    in_progress: active,
    failed: 0,
    credits: 900,
  };
}

/** Serves the order list and stats from a script of statuses: one step per list call, the last one repeating. */
function serveStatuses(script: string[][]) {
  let step = 0;
  const current = () => script[Math.min(step, script.length - 1)]!;
  const api = mockApi({
    'GET /api/search-queries/list/': () => {
      const statuses = current();
      step += 1;
      return [200, statuses.map((status, i) => makeOrder({ id: `o${i}`, status: status as never }))];
    },
    'GET /api/dashboard/stats/': () => [200, statsFor(current())],
  });
  return api;
}

function renderData() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, { username: 'alice_1', credits: 1000 });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useDashboardData(), { wrapper });
  return { ...hook, invalidate };
}

// The fetch answers in microtasks and the cache notifies on a zero timer: step a little past each interval.
const tick = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(10));
};

describe('live dashboard data', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('polls every 2 s while an order is pending or processing, then stops', async () => {
    const api = serveStatuses([
      ['pending', 'completed'],
      ['processing', 'completed'],
      ['completed', 'completed'],
    ]);
    const { result, invalidate } = renderData();
    await tick(0);
    expect(result.current.orders.data?.[0]?.status).toBe('pending');
    expect(api.callsTo('GET /api/search-queries/list/')).toHaveLength(1);

    await tick(ORDERS_POLL_INTERVAL_MS);
    expect(result.current.orders.data?.[0]?.status).toBe('processing');
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ME_QUERY_KEY });

    await tick(ORDERS_POLL_INTERVAL_MS);
    expect(result.current.orders.data?.[0]?.status).toBe('completed');
    // The finished order gives back unused credits: the badge's query is re-read.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ME_QUERY_KEY });

    const listCalls = api.callsTo('GET /api/search-queries/list/').length;
    const statsCalls = api.callsTo('GET /api/dashboard/stats/').length;
    await tick(ORDERS_POLL_INTERVAL_MS * 10);
    expect(api.callsTo('GET /api/search-queries/list/')).toHaveLength(listCalls);
    expect(api.callsTo('GET /api/dashboard/stats/').length).toBeLessThanOrEqual(statsCalls + 1);
    expect(result.current.stats.data?.in_progress).toBe(0);
  });

  it('does not poll when nothing is pending', async () => {
    const api = serveStatuses([['completed', 'failed']]);
    const { result, invalidate } = renderData();
    await tick(0);
    expect(result.current.orders.data).toHaveLength(2);
    await tick(ORDERS_POLL_INTERVAL_MS * 5);
    expect(api.callsTo('GET /api/search-queries/list/')).toHaveLength(1);
    expect(api.callsTo('GET /api/dashboard/stats/')).toHaveLength(1);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('treats an order without a status as pending and keeps polling', async () => {
    const api = mockApi({
      'GET /api/search-queries/list/': [200, [{ ...makeOrder(), status: undefined }]],
      'GET /api/dashboard/stats/': [200, statsFor(['completed'])],
    });
    renderData();
    await tick(0);
    await tick(ORDERS_POLL_INTERVAL_MS * 2);
    expect(api.callsTo('GET /api/search-queries/list/')).toHaveLength(3);
  });
});
