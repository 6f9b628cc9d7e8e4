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

describe('the dry run of a large order', () => {
  it('says its records, the time to write it and each format’s expected file size', async () => {
    const large = {
      records: 200_000,
      records_is_estimate: true,
      credits: 200_000,
      files: [
        { format_type: 'ndjson', compression: 'gzip', bytes: 52_428_800 },
        { format_type: 'parquet', compression: 'none', bytes: 3 * 1024 ** 3 },
      ],
      seconds: 40,
    };
    mockSignedIn({ 'POST /api/search-queries/preview/': [200, { ...PREVIEW, large }] });
    const { user } = renderApp('/order');
    await screen.findByRole('heading', { name: 'Create New Order' }, { timeout: 10_000 });
    await user.click(screen.getByLabelText(/^Large order/));
    await user.type(await screen.findByLabelText('Keyword value'), 'vaccine');
    await user.tab();
    expect(await screen.findByTestId('dry-run-large', {}, { timeout: 10_000 })).toHaveTextContent(
      'Large order: about 200,000 records, about 40 seconds to write. Expected file: NDJSON.gz about 50.0 MB · PARQUET about 3.0 GB.',
    );
  });
});
