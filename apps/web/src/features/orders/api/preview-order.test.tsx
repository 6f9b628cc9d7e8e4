import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../lib/query-client.ts';
import { deferred, mockApi, type MockReply } from '../../../testing/mock-api.ts';
import { PREVIEW_DEBOUNCE_MS, useOrderPreview } from './preview-order.ts';

const payload = (value: string) => ({
  search_type: 'posts' as const,
  result_count: 10,
  filters: { combinator: 'and', rules: [{ field: 'regex', operator: 'regex_matches', value }] },
});
const ANSWER = {
  matches: 3,
  matches_capped: false,
  matches_is_estimate: false,
  matches_low: 3,
  matches_high: 3,
  credits_needed: 3,
  credits: 1000,
  sample: [],
};

describe('useOrderPreview', () => {
  it('aborts a dry run that a newer query supersedes, and shows the newer answer', async () => {
    const first = deferred<MockReply>();
    const api = mockApi({
      'POST /api/search-queries/preview/': (request) =>
        (request.data as ReturnType<typeof payload>).filters.rules[0]!.value === 'slow'
          ? first.promise
          : [200, ANSWER],
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(({ value }) => useOrderPreview(payload(value)), {
      wrapper,
      initialProps: { value: 'slow' },
    });
    await waitFor(() => expect(api.callsTo('POST /api/search-queries/preview/')).toHaveLength(1), {
      timeout: PREVIEW_DEBOUNCE_MS * 5,
    });
    const slowSignal = api.calls.find((c) => c.url === '/api/search-queries/preview/')!.config
      .signal as AbortSignal;
    expect(slowSignal.aborted).toBe(false);
    rerender({ value: 'fast' });
    await waitFor(() => expect(api.callsTo('POST /api/search-queries/preview/')).toHaveLength(2), {
      timeout: PREVIEW_DEBOUNCE_MS * 5,
    });
    expect(slowSignal.aborted).toBe(true);
    await waitFor(() => expect(result.current.data?.matches).toBe(3));
    act(() => first.resolve([200, { ...ANSWER, matches: 99 }]));
    expect(result.current.data?.matches).toBe(3);
  });
});
