import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { usePageViews } from './use-page-views.ts';

const ga = vi.hoisted(() => ({ initialize: vi.fn(), send: vi.fn() }));
vi.mock('react-ga4', () => ({ default: ga }));

function Page({ measurementId }: { measurementId?: string }) {
  usePageViews('A title', measurementId);
  return <Link to="/next?q=1">next</Link>;
}

function renderAt(measurementId?: string) {
  return render(
    <MemoryRouter initialEntries={['/start']}>
      <Routes>
        <Route path="*" element={<Page measurementId={measurementId} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('page views', () => {
  test('are sent to GA4 as well when a measurement id is set', async () => {
    mockApi();
    const user = userEvent.setup();
    const { getByRole } = renderAt('G-TEST123');
    await waitFor(() => expect(ga.send).toHaveBeenCalledTimes(1));
    expect(ga.initialize).toHaveBeenCalledWith('G-TEST123', { gtagOptions: { send_page_view: false } });
    expect(ga.send).toHaveBeenLastCalledWith(
      expect.objectContaining({ hitType: 'pageview', page: '/start', title: 'A title' }),
    );
    await user.click(getByRole('link'));
    await waitFor(() => expect(ga.send).toHaveBeenCalledTimes(2));
    expect(ga.send).toHaveBeenLastCalledWith(expect.objectContaining({ page: '/next?q=1' }));
    expect(ga.initialize).toHaveBeenCalledTimes(1);
  });

  test('never touch GA4 without a measurement id', async () => {
    ga.send.mockClear();
    const api = mockApi();
    renderAt(undefined);
    await waitFor(() => expect(api.callsTo('POST /api/analytics/pageview/')).toHaveLength(1));
    expect(ga.send).not.toHaveBeenCalled();
  });

  test('a failing analytics endpoint is silent', async () => {
    const api = mockApi({ 'POST /api/analytics/pageview/': [500, { detail: 'x' }] });
    const errors = vi.spyOn(console, 'error');
    renderAt(undefined);
    await waitFor(() => expect(api.callsTo('POST /api/analytics/pageview/').length).toBeGreaterThan(0));
    expect(errors).not.toHaveBeenCalled();
  });
});
