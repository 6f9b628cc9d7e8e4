import { screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeOrder, mockSignedIn } from '../test-utils.ts';

// The builder's "Large order" switch (docs/decisions/045-large-orders.md): the spec's form is unchanged without it.
const PREVIEW = {
  matches: 250_000,
  matches_capped: false,
  matches_is_estimate: true,
  matches_low: 240_000,
  matches_high: 260_000,
  credits_needed: 200_000,
  credits: 500_000,
  sample: [],
};

describe('Create New Order: the large-order switch', { timeout: 30_000 }, () => {
  it('takes up to 1,000,000 records with the switch on and sends size large; off, the spec’s 1 to 1,000', async () => {
    const api = mockSignedIn({
      'POST /api/search-queries/create/': [201, makeOrder()],
      'POST /api/search-queries/preview/': [200, PREVIEW],
    });
    const { user } = renderApp('/order');
    await screen.findByRole('heading', { name: 'Create New Order' }, { timeout: 10_000 });
    const count = screen.getByLabelText('Number of Records');
    await user.clear(count);
    await user.type(count, '200000');
    await user.tab();
    expect(screen.getByText('Ensure this value is a whole number from 1 to 1000.')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Large order/));
    expect(screen.queryByText('Ensure this value is a whole number from 1 to 1000.')).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Keyword value'), 'vaccine');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    await vi.waitFor(() => expect(api.callsTo('POST /api/search-queries/create/')).toHaveLength(1));
    const [call] = api.callsTo('POST /api/search-queries/create/');
    expect(call?.data).toMatchObject({ size: 'large', result_count: 200_000 });
  });
});
