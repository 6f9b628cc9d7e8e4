import { screen, waitFor, within } from '@testing-library/react';
import { ORDER_MESSAGES } from '@threadcart/contracts';
import type { MockHandler } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { makeOrder, mockSignedIn } from '../test-utils.ts';

const CREATE = 'POST /api/search-queries/create/';

async function setup(create: MockHandler) {
  const api = mockSignedIn({
    [CREATE]: create,
    'POST /api/search-queries/preview/': [
      200,
      {
        matches: 3,
        matches_capped: false,
        matches_is_estimate: false,
        matches_low: 3,
        matches_high: 3,
        credits_needed: 3,
        credits: 1000,
        sample: [],
      },
    ],
  });
  const utils = renderApp('/order');
  await screen.findByRole('heading', { name: 'Create New Order' }, { timeout: 10_000 });
  return { ...utils, api };
}

describe('Create New Order: Repeat', { timeout: 30_000 }, () => {
  it('places a one-time order by default, and a schedule when Daily or Weekly is chosen', async () => {
    const { user, api } = await setup([201, makeOrder()]);
    const repeat = screen.getByLabelText('Repeat');
    expect(
      within(repeat)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Once', 'Daily', 'Weekly']);
    expect(repeat).toHaveValue('');
    expect(screen.queryByText(ORDERS_UI_MESSAGES.repeatHint)).not.toBeInTheDocument();
    await user.selectOptions(repeat, 'weekly');
    expect(repeat).toHaveAccessibleDescription(ORDERS_UI_MESSAGES.repeatHint);
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]!.data).toMatchObject({ schedule: 'weekly' });
    await waitFor(() => expect(currentLocation.pathname).toBe('/order-completed'));
  });

  it('sends no schedule for Once, and shows the server message for the schedule under Repeat', async () => {
    const { user, api } = await setup([400, { schedule: [ORDER_MESSAGES.schedule] }]);
    await user.selectOptions(screen.getByLabelText('Repeat'), 'daily');
    await user.selectOptions(screen.getByLabelText('Repeat'), '');
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]!.data).not.toHaveProperty('schedule');
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.schedule);
    expect(screen.getByLabelText('Repeat')).toHaveAccessibleDescription(ORDER_MESSAGES.schedule);
  });
});
