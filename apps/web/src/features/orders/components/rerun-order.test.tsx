import { screen, waitFor } from '@testing-library/react';
import { RERUN_MESSAGES } from '@threadcart/contracts';
import type { MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeOrder, mockSignedIn } from '../test-utils.ts';

const STATS = { total: 1, completed: 1, in_progress: 0, failed: 0, credits: 900 };
const ORDER = makeOrder({ id: 'ord-1', title: 'Python posts', exclude_purchased: true, include_comments: 5 });
const RERUN = 'POST /api/search-queries/ord-1/rerun/';

async function setup(rerun: MockHandler, orders: unknown[] = [ORDER]) {
  const api = mockSignedIn({
    'GET /api/search-queries/list/': [200, orders],
    'GET /api/dashboard/stats/': [200, STATS],
    [RERUN]: rerun,
  });
  const utils = renderApp('/dashboard');
  await utils.user.click(await screen.findByRole('button', { name: /Python posts/ }, { timeout: 10_000 }));
  return { ...utils, api };
}

describe('Dashboard: re-run this order', { timeout: 20_000 }, () => {
  it("shows the order's delivery options and places it again with a new key each time", async () => {
    const changes = [RERUN_MESSAGES.records('Posts', 1_200, 1_350), RERUN_MESSAGES.ingests(1)];
    const { user, api } = await setup([
      201,
      { order: makeOrder({ id: 'ord-2' }), corpus_changed: true, corpus_changes: changes },
    ]);
    expect(
      screen.getByText('Only records not received before · Top 5 comments per post'),
    ).toBeInTheDocument();
    const only = screen.getByRole('checkbox', { name: 'Only records I have not received' });
    // The order's own choice to start with; the re-run may change it.
    expect(only).toBeChecked();
    await user.click(only);
    await user.click(screen.getByRole('button', { name: 'Re-run this order' }));
    const status = await screen.findByText(new RegExp(RERUN_MESSAGES.changed.replace(/[.:]/g, '.')));
    expect(status).toHaveTextContent(RERUN_MESSAGES.placed);
    for (const change of changes) expect(screen.getByText(change)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Re-run this order' }));
    await waitFor(() => expect(api.callsTo(RERUN)).toHaveLength(2));
    const [first, second] = api.callsTo(RERUN);
    expect(first!.data).toEqual({ exclude_purchased: false });
    const keyOf = (call: typeof first) => String(call!.headers['Idempotency-Key'] ?? '');
    expect(keyOf(first)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(second)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(second)).not.toBe(keyOf(first));
    // The list and the counters are read again to show the new order.
    await waitFor(() => expect(api.callsTo('GET /api/search-queries/list/').length).toBeGreaterThan(1));
  });

  it('says when the corpus has not changed, or cannot be told', async () => {
    let calls = 0;
    const { user } = await setup(() => [
      201,
      { order: makeOrder({ id: 'ord-2' }), corpus_changed: calls++ === 0 ? false : null, corpus_changes: [] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Re-run this order' }));
    expect(
      await screen.findByText(`${RERUN_MESSAGES.placed} ${RERUN_MESSAGES.unchanged}`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Re-run this order' }));
    expect(await screen.findByText(`${RERUN_MESSAGES.placed} ${RERUN_MESSAGES.unknown}`)).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const detail = 'Not enough credits: this order needs 100 credits and you have 3.';
    const { user } = await setup([402, { detail, code: 'insufficient_credits' }]);
    await user.click(screen.getByRole('button', { name: 'Re-run this order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  });

  it('offers no re-run for an order still waiting', async () => {
    await setup(
      [201, {}],
      [makeOrder({ id: 'ord-1', title: 'Python posts', status: 'pending', there_is_file: false })],
    );
    expect(screen.queryByRole('button', { name: 'Re-run this order' })).not.toBeInTheDocument();
  });
});
