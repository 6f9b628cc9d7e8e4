import { screen, waitFor, within } from '@testing-library/react';
import type { Schedule } from '@threadcart/contracts';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp, TEST_USER } from '../../../testing/render-app.tsx';
import { SCHEDULE_UI_MESSAGES as M } from '../messages.ts';

const SCHEDULE: Schedule = {
  id: 'sch-1',
  cadence: 'daily',
  status: 'active',
  title: 'Python watch',
  search_type: 'posts',
  format_type: 'parquet',
  result_count: 250,
  query_string: "(keyword CONTAINS 'python')",
  next_run_at: '2026-11-28T09:30:00.000Z',
  last_run: {
    at: '2026-11-27T09:30:00.000Z',
    outcome: 'skipped',
    order_id: null,
    message: 'Not enough credits: this order needs 250 credits and you have 40.',
  },
  runs_placed: 3,
  runs_skipped: 1,
  first_order_id: 'order-1',
  created_at: '2026-11-24T09:30:00.000Z',
};

function openDashboard(routes: Parameters<typeof mockApi>[0]) {
  window.localStorage.setItem('threadcart.has-session', '1');
  const api = mockApi({
    'GET /api/users/me/': [200, { user: TEST_USER }],
    'GET /api/search-queries/list/': [200, []],
    'GET /api/dashboard/stats/': [200, { total: 0, completed: 0, in_progress: 0, failed: 0, credits: 40 }],
    ...routes,
  });
  return { api, ...renderApp('/dashboard') };
}

describe("the dashboard's scheduled orders", { timeout: 30_000 }, () => {
  it('lists a schedule with its next and last run, pauses and resumes it', async () => {
    let current = SCHEDULE;
    const { api, user } = openDashboard({
      'GET /api/schedules/': () => [200, { schedules: [current] }],
      'POST /api/schedules/sch-1/pause/': () => {
        current = { ...current, status: 'paused', next_run_at: null };
        return [200, current];
      },
      'POST /api/schedules/sch-1/resume/': () => {
        current = { ...current, status: 'active', next_run_at: '2026-11-29T09:30:00.000Z' };
        return [200, current];
      },
    });
    const item = within(
      await screen.findByRole('listitem', { name: 'Schedule Python watch' }, { timeout: 10_000 }),
    );
    expect(screen.getByRole('heading', { name: M.heading })).toBeInTheDocument();
    expect(item.getByText('Daily')).toBeInTheDocument();
    expect(item.getByText('Active')).toBeInTheDocument();
    expect(item.getByText('Posts · 250 records · PARQUET')).toBeInTheDocument();
    expect(
      item.getByText(`Next run: ${new Date('2026-11-28T09:30:00.000Z').toLocaleString()}`),
    ).toBeInTheDocument();
    expect(
      item.getByText(
        `Last run ${new Date('2026-11-27T09:30:00.000Z').toLocaleString()}: skipped. Not enough credits: this order needs 250 credits and you have 40.`,
      ),
    ).toBeInTheDocument();
    expect(item.getByText('3 placed, 1 skipped')).toBeInTheDocument();

    await user.click(item.getByRole('button', { name: 'Pause Python watch' }));
    expect(await item.findByText('Paused')).toBeInTheDocument();
    expect(item.getByText(M.paused)).toBeInTheDocument();
    expect(api.callsTo('POST /api/schedules/sch-1/pause/')[0]!.headers['X-CSRFToken']).toBe(
      'test-csrf-token',
    );
    await user.click(item.getByRole('button', { name: 'Resume Python watch' }));
    expect(
      await item.findByText(`Next run: ${new Date('2026-11-29T09:30:00.000Z').toLocaleString()}`),
    ).toBeInTheDocument();
    expect(item.getByText('Active')).toBeInTheDocument();
  });

  it('deletes a schedule after confirming, and shows nothing when there is none', async () => {
    let schedules = [{ ...SCHEDULE, title: null, last_run: null }];
    const { api, user } = openDashboard({
      'GET /api/schedules/': () => [200, { schedules }],
      'DELETE /api/schedules/sch-1/': () => {
        schedules = [];
        return [204];
      },
    });
    const name = `Schedule ${SCHEDULE.query_string}`;
    const item = within(await screen.findByRole('listitem', { name }, { timeout: 10_000 }));
    await user.click(item.getByRole('button', { name: `Delete ${SCHEDULE.query_string}` }));
    expect(item.getByText(M.deleteQuestion)).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: M.heading })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/schedules/sch-1/')[0]!.headers['X-CSRFToken']).toBe('test-csrf-token');
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
  });
});
