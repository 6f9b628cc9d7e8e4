import { screen, waitFor, within } from '@testing-library/react';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { makeOrder, mockSignedIn } from '../test-utils.ts';

const STATS = { total: 3, completed: 1, in_progress: 1, failed: 1, credits: 900 };

async function setup(orders: unknown[], stats: unknown = STATS, extra = {}) {
  const api = mockSignedIn({
    'GET /api/search-queries/list/': [200, orders],
    'GET /api/dashboard/stats/': [200, stats],
    ...extra,
  });
  const utils = renderApp('/dashboard');
  await screen.findByRole('heading', { name: 'My Orders' }, { timeout: 10_000 });
  return { ...utils, api };
}

const rowButton = (name: RegExp | string) => screen.getByRole('button', { name });

describe('Dashboard', { timeout: 20_000 }, () => {
  it('shows the four counters, "My Orders" and the New Order link', async () => {
    await setup([makeOrder()]);
    await waitFor(() => expect(screen.getByTestId('stat-total')).toHaveTextContent('3'));
    for (const label of ['Total Orders', 'Completed', 'In Progress', 'Failed']) {
      expect(screen.getByText(label, { selector: 'dt' })).toBeInTheDocument();
    }
    expect(screen.getByTestId('stat-completed')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-in_progress')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-failed')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'New Order' })).toHaveAttribute('href', '/order');
  });

  it('says when the corpus is generated sample data, and says nothing for real data (issue 33)', async () => {
    await setup([makeOrder()], { ...STATS, corpus_sample: 'all' });
    expect(await screen.findByTestId('sample-corpus-notice')).toHaveTextContent(
      'Sample data. This corpus is generated sample data, not real Reddit posts and comments',
    );
  });

  it('shows no sample notice over real data', async () => {
    await setup([makeOrder()], { ...STATS, corpus_sample: 'none' });
    await waitFor(() => expect(screen.getByTestId('stat-total')).toHaveTextContent('3'));
    expect(screen.queryByTestId('sample-corpus-notice')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    await setup([], { total: 0, completed: 0, in_progress: 0, failed: 0, credits: 1000 });
    expect(
      await screen.findByText('No orders found. Create your first order to get started.'),
    ).toBeInTheDocument();
  });

  it('tells untitled orders apart by a few words of their filter beside the default title (decision 040)', async () => {
    await setup([
      makeOrder({ id: 'a', title: 'Search 2026-11-27 21:12' }),
      makeOrder({ id: 'b', title: 'My own title' }),
    ]);
    const untitled = await screen.findByRole('button', { name: /Search 2026-11-27 21:12/ });
    expect(within(untitled).getByTestId('order-summary')).toHaveTextContent('— python');
    expect(within(rowButton(/My own title/)).queryByTestId('order-summary')).not.toBeInTheDocument();
  });

  it('shows each row with fallbacks, local time, type, count and badge colours', async () => {
    const timestamp = '2026-11-22T10:00:00.000Z';
    await setup([
      makeOrder({ id: 'a', title: 'Done', status: 'completed' }),
      makeOrder({
        id: 'b',
        title: '',
        status: 'processing',
        progress: 40,
        there_is_file: false,
        search_type: 'comments',
      }),
      makeOrder({ id: 'c', title: 'Broken', status: 'failed', there_is_file: false }),
      { ...makeOrder({ id: 'd', title: 'Legacy', there_is_file: false, timestamp }), status: 'in_progress' },
      { ...makeOrder({ id: 'e', title: 'Old error', there_is_file: false }), status: 'error' },
      { ...makeOrder({ id: 'f', title: 'Unset', there_is_file: false }), status: null },
    ]);
    const done = await screen.findByRole('button', { name: /Done/ });
    expect(done).toHaveTextContent(new Date(timestamp).toLocaleString());
    expect(done).toHaveTextContent('Posts');
    expect(done).toHaveTextContent('100 records');
    expect(within(done).getByText('completed')).toHaveClass('text-success');
    const untitled = rowButton(/No title/);
    expect(untitled).toHaveTextContent('Comments');
    expect(within(untitled).getByText('processing')).toHaveClass('text-warning');
    expect(screen.getByRole('progressbar', { name: 'Progress of No title' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(rowButton(/Broken/)).getByText('failed')).toHaveClass('text-danger-dark');
    expect(within(rowButton(/Legacy/)).getByText('in progress')).toHaveClass('text-warning');
    expect(within(rowButton(/Old error/)).getByText('error')).toHaveClass('text-danger-dark');
    expect(within(rowButton(/Unset/)).getByText('pending')).toHaveClass('text-gray-700');
  });

  it('shows a sort other than top, and the seed of a random sample; the chosen columns in the details', async () => {
    const { user } = await setup([
      makeOrder({ id: 'a', title: 'Plain' }),
      makeOrder({ id: 'b', title: 'Fresh', sort: 'new' }),
      makeOrder({
        id: 'c',
        title: 'Sampled',
        sort: 'random',
        sample_seed: 1234567,
        columns: ['id', 'title'],
      }),
    ]);
    const plain = await screen.findByRole('button', { name: /Plain/ });
    expect(plain).not.toHaveTextContent(/Top|Seed/);
    expect(rowButton(/Fresh/)).toHaveTextContent('Posts · 100 records · Newest first');
    const sampled = rowButton(/Sampled/);
    expect(sampled).toHaveTextContent('100 records · Random sample · Seed 1234567');
    await user.click(sampled);
    const details = sampled.closest('li')!;
    expect(within(details).getByText('Columns').nextElementSibling).toHaveTextContent('id, title');
  });

  it('shows format, records delivered and size in the row, and finds orders by search and status (issue 33)', async () => {
    const { user } = await setup([
      makeOrder({
        id: 'a',
        title: 'python + r/datascience',
        format_type: 'csv',
        records_delivered: 40,
        result_files: [
          { file_name: 'a.csv', content_type: 'text/csv', size_bytes: 2048, download_url: '/x' },
        ],
      }),
      makeOrder({ id: 'b', title: 'Still waiting', status: 'pending', there_is_file: false }),
    ]);
    const row = await screen.findByRole('button', { name: /python/ });
    expect(row).toHaveTextContent('100 records · CSV · 40 delivered · 2.0 KB');
    await user.type(screen.getByLabelText('Search orders'), 'datascience');
    expect(screen.queryByRole('button', { name: /Still waiting/ })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search orders'));
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(screen.getByRole('button', { name: /Still waiting/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /python/ })).not.toBeInTheDocument();
  });

  it('expands a row on click and on Enter: status, query, filters box and Download File only with a file', async () => {
    const { user } = await setup([
      makeOrder({ id: 'a', title: 'With file' }),
      makeOrder({ id: 'b', title: 'No file yet', status: 'pending', there_is_file: false, query_string: '' }),
    ]);
    const withFile = await screen.findByRole('button', { name: /With file/ });
    expect(withFile).toHaveAttribute('aria-expanded', 'false');
    await user.click(withFile);
    expect(withFile).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(withFile.getAttribute('aria-controls')!)!;
    expect(details).toHaveTextContent("(keyword CONTAINS 'python')");
    const filters = within(details).getByTestId('order-filters');
    expect(filters).toHaveClass('max-h-[200px]', 'overflow-auto');
    expect(JSON.parse(filters.textContent!)).toEqual(makeOrder().filters);
    expect(within(details).getByRole('button', { name: 'Download File' })).toBeInTheDocument();

    const noFile = rowButton(/No file yet/);
    noFile.focus();
    await user.keyboard('{Enter}');
    expect(noFile).toHaveAttribute('aria-expanded', 'true');
    const second = document.getElementById(noFile.getAttribute('aria-controls')!)!;
    expect(second).toHaveTextContent('No query specified');
    expect(second).toHaveTextContent('pending');
    expect(within(second).queryByRole('button', { name: 'Download File' })).not.toBeInTheDocument();
    await user.click(noFile);
    expect(noFile).toHaveAttribute('aria-expanded', 'false');
  });

  it('links a completed order to its manifest page; no link before completion', async () => {
    const { user } = await setup([
      makeOrder({ id: 'done/1', title: 'Completed order' }),
      makeOrder({ id: 'p', title: 'Pending order', status: 'pending', there_is_file: false }),
    ]);
    await user.click(await screen.findByRole('button', { name: /Completed order/ }));
    const done = rowButton(/Completed order/).closest('li')!;
    const link = within(done).getByRole('link', { name: 'Manifest' });
    expect(link).toHaveAttribute('href', '/orders/done%2F1/manifest');
    await user.click(rowButton(/Pending order/));
    const pending = rowButton(/Pending order/).closest('li')!;
    expect(within(pending).queryByRole('link', { name: 'Manifest' })).not.toBeInTheDocument();
  });

  it('downloads the file as a blob saved under file_name, or file-{id}', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    const { user, api } = await setup(
      [makeOrder({ id: 'a', title: 'Named' }), makeOrder({ id: 'b', title: 'Nameless', file_name: null })],
      STATS,
      { 'GET /api/download/a/': [200, new Blob(['[]'])], 'GET /api/download/b/': [200, new Blob(['[]'])] },
    );
    await user.click(await screen.findByRole('button', { name: /Named/ }));
    await user.click(screen.getByRole('button', { name: 'Download File' }));
    await waitFor(() => expect(saved).toEqual(['Python posts.json']));
    expect(api.callsTo('GET /api/download/a/')[0]?.config.responseType).toBe('blob');
    await user.click(screen.getByRole('button', { name: /Named/ }));
    await user.click(screen.getByRole('button', { name: /Nameless/ }));
    await user.click(screen.getByRole('button', { name: 'Download File' }));
    await waitFor(() => expect(saved).toEqual(['Python posts.json', 'file-b']));
  });

  it('only logs a failed download', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await setup([makeOrder({ id: 'a' })], STATS, {
      'GET /api/download/a/': [404, { detail: 'gone' }],
    });
    await user.click(await screen.findByRole('button', { name: /Python posts/ }));
    await user.click(screen.getByRole('button', { name: 'Download File' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('File download failed', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Failed to load dashboard" when the first load fails', async () => {
    mockSignedIn({ 'GET /api/search-queries/list/': [500, {}], 'GET /api/dashboard/stats/': [200, STATS] });
    renderApp('/dashboard');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      /^Failed to load dashboardTry again$/,
    );
  });

  it('shows "Failed to load dashboard data" when a live update fails, keeping the rows', async () => {
    let listCalls = 0;
    await setup([], STATS, {
      'GET /api/search-queries/list/': () => {
        listCalls += 1;
        return listCalls === 1
          ? [200, [makeOrder({ title: 'Still here', status: 'pending', there_is_file: false })]]
          : [500, {}];
      },
    });
    expect(await screen.findByRole('button', { name: /Still here/ })).toBeInTheDocument();
    // One poll after 2 s, one retry after 1 s more.
    expect(await screen.findByRole('alert', {}, { timeout: 6000 })).toHaveTextContent(
      /^Failed to load dashboard dataTry again$/,
    );
    expect(screen.getByRole('button', { name: /Still here/ })).toBeInTheDocument();
  });

  it('sends a 401 to /login with "Please log in to access the dashboard"', async () => {
    mockSignedIn({
      'GET /api/search-queries/list/': [401, { detail: 'Token is invalid or expired.' }],
      'GET /api/dashboard/stats/': [401, {}],
    });
    renderApp('/dashboard');
    await waitFor(() => expect(currentLocation.pathname).toBe('/login'), { timeout: 10_000 });
    expect(await screen.findByText('Please log in to access the dashboard')).toBeInTheDocument();
    expect(screen.queryByText('Please log in to continue')).not.toBeInTheDocument();
  });
});
