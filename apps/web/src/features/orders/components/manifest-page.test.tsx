import { screen } from '@testing-library/react';
import type { OrderManifest } from '@threadcart/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { mockSignedIn } from '../test-utils.ts';

const MANIFEST: OrderManifest = {
  manifest_version: 1,
  order_id: 'ord-1',
  title: 'Vaccine threads',
  filters: { combinator: 'and', rules: [] },
  query_string: "(keyword CONTAINS 'vaccine')",
  search_type: 'comments',
  sort: 'random',
  sample_seed: 7,
  columns: null,
  exclude_purchased: false,
  include_context: true,
  include_comments: 0,
  authors: 'pseudonymised',
  pseudonyms: 'per_account',
  scrub: ['emails'],
  scrub_counts: { email: 3, phone: 0, url: 0, user: 0 },
  removal_url: 'http://localhost/removal',
  format_type: 'csv',
  requested_count: 100,
  delivered_count: 80,
  corpus_snapshot: {
    posts: {
      real: { records: 1200, latest_retrieved_at: '2026-11-01T00:00:00.000Z' },
      sample: { records: 0, latest_retrieved_at: null },
    },
    comments: {
      real: { records: 5400, latest_retrieved_at: '2026-11-01T00:00:00.000Z' },
      sample: { records: 0, latest_retrieved_at: null },
    },
    sources: [{ files: ['RC_2022-11.zst'], is_sample: false, finished_at: '2026-11-02T00:00:00.000Z' }],
    suppressed: { records_erased: 2, records: 2, authors: 1 },
  },
  file: {
    name: 'Vaccine threads.csv',
    size_bytes: 123_456,
    sha256: 'ab'.repeat(32),
    content_type: 'text/csv',
    download_url: '/api/download/ord-1/',
  },
  created_at: '2026-11-27T10:00:00.000Z',
  completed_at: '2026-11-27T10:00:05.000Z',
  threadcart_version: '0.1.0',
  citation: { text: 'Threadcart (2026). Vaccine threads.', bibtex: '@misc{threadcart-ord-1}' },
};

describe('ManifestPage', { timeout: 20_000 }, () => {
  it('shows the order, the file with its checksum, the corpus and the citation, with the JSON to download', async () => {
    mockSignedIn({ 'GET /api/search-queries/ord-1/manifest/': [200, MANIFEST] });
    renderApp('/orders/ord-1/manifest');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Manifest: Vaccine threads' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(screen.getByText(/80 of 100 delivered/)).toBeInTheDocument();
    expect(screen.getByText(/seed 7/)).toBeInTheDocument();
    expect(screen.getByText('emails (3 emails replaced)')).toBeInTheDocument();
    expect(screen.getByText('pseudonymised (per account key)')).toBeInTheDocument();
    expect(screen.getByText(/RC_2022-11\.zst · dump/)).toBeInTheDocument();
    expect(screen.getByText('@misc{threadcart-ord-1}')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download JSON' })).toHaveAttribute(
      'href',
      '/api/search-queries/ord-1/manifest/',
    );
    expect(screen.getByRole('link', { name: '← Back to the order' })).toHaveAttribute(
      'href',
      '/dashboard?order=ord-1',
    );
  });

  it("says an unfinished order's manifest is not ready yet", async () => {
    mockSignedIn({
      'GET /api/search-queries/ord-2/manifest/': [409, { detail: 'x', code: 'order_not_completed' }],
    });
    renderApp('/orders/ord-2/manifest');
    expect(
      await screen.findByText(
        'This order has not completed yet; its manifest is ready when its file is.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download JSON' })).not.toBeInTheDocument();
  });
});
