import { MANIFEST_MESSAGES, type CorpusSnapshot, type OrderManifest } from '@threadcart/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { hasStatus } from '../../../lib/api-error.ts';
import { useOrderManifest } from '../api/get-order-manifest.ts';
import { ORDERS_PATHS } from '../api/query-keys.ts';
import { formatBytes } from './order-row.tsx';

const numberFormat = new Intl.NumberFormat('en-US');
const n = (value: number) => numberFormat.format(value);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-text-secondary">{label}</dt>
      <dd className="break-words text-text-primary">{children}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-text-primary">{title}</h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">{children}</dl>
    </Card>
  );
}

function yesNo(value: boolean) {
  return value ? 'yes' : 'no';
}

function Snapshot({ snapshot }: { snapshot: CorpusSnapshot }) {
  const slice = (label: string, s: CorpusSnapshot['posts']) => (
    <Row label={label}>
      {n(s.real.records)} real (retrieved up to {when(s.real.latest_retrieved_at)}) · {n(s.sample.records)}{' '}
      generated sample data
    </Row>
  );
  return (
    <Section title="The corpus it ran on">
      {slice('Posts', snapshot.posts)}
      {slice('Comments', snapshot.comments)}
      {snapshot.suppressed ? (
        <Row label="Removed on request">
          {n(snapshot.suppressed.records_erased)} records erased; {n(snapshot.suppressed.records)} records and{' '}
          {n(snapshot.suppressed.authors)} authors never stored again
        </Row>
      ) : null}
      <Row label="Sources">
        {snapshot.sources.length === 0 ? (
          '—'
        ) : (
          <ul className="space-y-1">
            {snapshot.sources.map((source) => (
              <li key={`${source.finished_at}-${source.files.join(',')}`}>
                {source.files.join(', ')} · {source.is_sample ? 'generated sample data' : 'dump'} · ingested{' '}
                {when(source.finished_at)}
              </li>
            ))}
          </ul>
        )}
      </Row>
    </Section>
  );
}

function Manifest({ manifest }: { manifest: OrderManifest }) {
  const scrubbed = manifest.scrub_counts
    ? Object.entries(manifest.scrub_counts)
        .filter(([, count]) => count > 0)
        .map(([token, count]) => `${n(count)} ${token}${count === 1 ? '' : 's'} replaced`)
        .join(', ')
    : null;
  return (
    <>
      <Section title="The order">
        <Row label="Order">{manifest.order_id}</Row>
        <Row label="Query">
          <code className="font-mono text-xs">{manifest.query_string}</code>
        </Row>
        <Row label="Records">
          {manifest.search_type}, sorted by {manifest.sort}
          {manifest.sample_seed !== null ? ` (seed ${manifest.sample_seed})` : ''};{' '}
          {n(manifest.delivered_count)} of {n(manifest.requested_count)} delivered
        </Row>
        <Row label="Columns">{manifest.columns ? manifest.columns.join(', ') : 'the default layout'}</Row>
        <Row label="Options">
          left out earlier purchases: {yesNo(manifest.exclude_purchased)}; thread context:{' '}
          {yesNo(manifest.include_context)}; top comments per post: {manifest.include_comments}
        </Row>
        <Row label="Authors">
          {manifest.authors}
          {manifest.authors === 'pseudonymised' ? ` (${manifest.pseudonyms.replace('_', ' ')} key)` : ''}
        </Row>
        <Row label="Scrubbed">
          {manifest.scrub.length === 0
            ? 'nothing'
            : `${manifest.scrub.join(', ')}${scrubbed ? ` (${scrubbed})` : ''}`}
        </Row>
        <Row label="Placed · completed">
          {when(manifest.created_at)} · {when(manifest.completed_at)}
        </Row>
      </Section>
      <Section title="The file">
        <Row label="Name">{manifest.file.name}</Row>
        <Row label="Format">
          {manifest.format_type} ({manifest.file.content_type}), {formatBytes(manifest.file.size_bytes)}
        </Row>
        <Row label="SHA-256">
          <code className="font-mono text-xs break-all">{manifest.file.sha256 ?? 'not recorded'}</code>
        </Row>
      </Section>
      {manifest.corpus_snapshot ? <Snapshot snapshot={manifest.corpus_snapshot} /> : null}
      <Card>
        <h2 className="mb-3 text-lg font-semibold text-text-primary">How to cite it</h2>
        <p className="text-sm text-text-primary">{manifest.citation.text}</p>
        <pre className="mt-3 overflow-x-auto rounded-md bg-gray-50 p-3 font-mono text-xs text-text-primary">
          {manifest.citation.bibtex}
        </pre>
        <p className="mt-3 text-sm text-text-secondary">
          A person in the data can ask for their records to be removed at{' '}
          <a href={manifest.removal_url} className="font-medium text-secondary-dark underline">
            {manifest.removal_url}
          </a>
          .
        </p>
      </Card>
    </>
  );
}

/** A completed order's manifest as a page (/orders/:id/manifest), with the JSON to download (issue 33). */
export function ManifestPage({ orderId }: { orderId: string }) {
  const manifest = useOrderManifest(orderId);
  const back = (
    <Link
      to={`/dashboard?order=${encodeURIComponent(orderId)}`}
      className="text-sm font-medium text-secondary-dark underline"
    >
      ← Back to the order
    </Link>
  );
  if (manifest.isPending) return <PageLoading label="Loading the manifest" />;
  return (
    <Container className="max-w-4xl space-y-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {back}
        {manifest.data ? (
          <a
            href={ORDERS_PATHS.manifest(orderId)}
            download={`manifest-${orderId}.json`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            Download JSON
          </a>
        ) : null}
      </div>
      <h1 className="text-3xl font-bold text-text-primary">
        Manifest{manifest.data ? `: ${manifest.data.title}` : ''}
      </h1>
      {manifest.isError ? (
        <Alert tone="error">
          {hasStatus(manifest.error, 409)
            ? MANIFEST_MESSAGES.notCompleted
            : hasStatus(manifest.error, 404)
              ? 'No order of yours has this id.'
              : 'The manifest could not be loaded. Please try again.'}
        </Alert>
      ) : (
        <Manifest manifest={manifest.data} />
      )}
    </Container>
  );
}
