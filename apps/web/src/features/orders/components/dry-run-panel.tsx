import {
  isEstimatePointShown,
  ORDER_MESSAGES,
  PREVIEW_MATCH_CAP,
  type PreviewResponse,
  type PreviewWithAggregationsResponse,
  type ScanEstimate,
} from '@threadcart/contracts';
import type { RuleType } from 'react-querybuilder';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { classifyError, getCode, getDetail } from '../../../lib/api-error.ts';
import { firstErrorMessage } from '../api/order-errors.ts';
import { InsightsPanel } from './insights-panel.tsx';

const numberFormat = new Intl.NumberFormat('en-US');
const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const SNIPPET_LENGTH = 120;

type MatchFigures = Pick<PreviewResponse, 'matches' | 'matches_capped'> &
  Partial<Pick<PreviewResponse, 'matches_is_estimate' | 'matches_low' | 'matches_high'>>;

const formatFigure = (n: number) => (n < 10_000 ? numberFormat.format(n) : compactFormat.format(n));

/** An estimate whose range is too wide for its point to mean much (isEstimatePointShown). */
const isWideEstimate = (preview: MatchFigures) =>
  preview.matches_is_estimate === true &&
  preview.matches_low !== undefined &&
  preview.matches_high !== undefined &&
  !isEstimatePointShown(preview.matches_low, preview.matches_high);

/**
 * "N matching records"; "≈ 1.2M matching records (estimate)" when the server estimated the count from a sample
 * because counting exactly would not fit the dry run's budget, or "between 0 and 2.1M matching records (estimate)"
 * when the estimate's range spans more than ten times; "at least 100,000" when it stopped at the cap.
 */
export function describeMatches(preview: MatchFigures): string {
  if (isWideEstimate(preview))
    return `between ${formatFigure(preview.matches_low!)} and ${formatFigure(preview.matches_high!)} matching records (estimate)`;
  if (preview.matches_is_estimate)
    return `≈ ${compactFormat.format(preview.matches)} matching records (estimate)`;
  const count = preview.matches_capped
    ? `at least ${numberFormat.format(Math.max(preview.matches, PREVIEW_MATCH_CAP))}`
    : numberFormat.format(preview.matches);
  return `${count} matching ${preview.matches === 1 && !preview.matches_capped ? 'record' : 'records'}`;
}

/**
 * The estimate's 95 % range beside its point, "between 1.1M and 1.3M"; undefined for an exact count, and for a wide
 * estimate, whose headline is the range already.
 */
export function describeRange(preview: MatchFigures): string | undefined {
  if (!preview.matches_is_estimate || preview.matches_low === undefined || preview.matches_high === undefined)
    return undefined;
  if (isWideEstimate(preview)) return undefined;
  const [low, high] = [preview.matches_low, preview.matches_high].map(formatFigure);
  return low === high ? `about ${low}` : `between ${low} and ${high}`;
}

/**
 * Each type's side when both are searched: "Posts: 21,095 (exact) · Comments: ≈ 400K (estimate)". A type an index
 * counted stays exact beside one estimated from a sample (docs/decisions/046 of the server).
 */
export function describeTypeParts(parts: PreviewResponse['matches_by_type']): string | undefined {
  if (!parts || parts.length < 2) return undefined;
  return parts
    .map((part) => {
      const label = part.type === 'posts' ? 'Posts' : 'Comments';
      if (!part.is_estimate) return `${label}: ${numberFormat.format(part.matches)} (exact)`;
      const figure = isEstimatePointShown(part.low, part.high)
        ? `≈ ${compactFormat.format(part.matches)}`
        : `${formatFigure(part.low)}–${formatFigure(part.high)}`;
      return `${label}: ${figure} (estimate)`;
    })
    .join(' · ');
}

/** "about 40 seconds", "about 1 minute", "about 14 minutes": how long a full scan takes. */
export function describeDuration(seconds: number): string {
  if (seconds < 60) return `about ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * A search no index narrows (docs/decisions/038-scan-lane-and-budget.md): how long it reads the corpus, and what the
 * user's daily scan budget has left, with a warning when it cannot pay for this one.
 */
function ScanNotice({ scan }: { scan: ScanEstimate }) {
  const resetsAt = `${scan.budget_resets_at.slice(11, 16)} UTC`;
  const isSpent = scan.records > scan.budget_left;
  return (
    <Alert tone={isSpent ? 'warning' : 'info'}>
      <p data-testid="dry-run-scan">This search reads the whole corpus: {describeDuration(scan.seconds)}.</p>
      <p className="mt-1 text-sm" data-testid="dry-run-scan-budget">
        {isSpent
          ? `Your daily scan budget has ${numberFormat.format(scan.budget_left)} of ${numberFormat.format(scan.budget)} records left, not enough for the ${numberFormat.format(scan.records)} this one reads; it resets at ${resetsAt}.`
          : `It reads ${numberFormat.format(scan.records)} records of your daily scan budget, which has ${numberFormat.format(scan.budget_left)} of ${numberFormat.format(scan.budget)} left (resets at ${resetsAt}).`}{' '}
        A keyword, a regex with a literal of 3+ characters, a subreddit, an author or a date range lets an
        index narrow it.
      </p>
    </Alert>
  );
}

function snippet(record: Record<string, unknown>): string {
  const text = [record.title, record.body, record.selftext].find(
    (v) => typeof v === 'string' && v.trim() !== '',
  );
  const value = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '(no text)';
  return value.length > SNIPPET_LENGTH ? `${value.slice(0, SNIPPET_LENGTH - 1)}…` : value;
}

function previewErrorMessage(error: unknown): string {
  const failure = classifyError(error);
  // Not a fault: search is off while a bulk load rebuilds the indexes (docs/product.md §6.9); say so and until when.
  if (failure.kind === 'response' && getCode(failure.data) === 'corpus_bulk_loading')
    return ORDER_MESSAGES.corpusBulkLoading;
  if (failure.kind === 'response' && failure.status < 500) {
    return (
      getDetail(failure.data) ?? firstErrorMessage(failure.data) ?? 'The dry run could not check this query.'
    );
  }
  return 'The dry run is unavailable right now.';
}

function SampleRecords({ sample }: { sample: PreviewResponse['sample'] }) {
  if (sample.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-text-primary">Sample records</h3>
      <ul className="space-y-2" aria-label="Sample records">
        {sample.slice(0, 5).map((record, index) => (
          <li
            key={String(record.id ?? index)}
            className="rounded-md border border-gray-200 bg-gray-50 p-2 text-sm"
          >
            <p className="break-words text-text-primary">{snippet(record)}</p>
            <p className="mt-1 text-xs text-text-secondary">
              {typeof record.subreddit === 'string' ? `r/${record.subreddit}` : 'unknown subreddit'}
              {' · '}
              score {typeof record.score === 'number' ? numberFormat.format(record.score) : '—'}
              {record.is_sample === true ? (
                <>
                  {' · '}
                  <span className="rounded bg-warning-subtle px-1.5 py-0.5 font-medium text-text-primary">
                    sample data
                  </span>
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface DryRunPanelProps {
  isReady: boolean;
  isWaiting: boolean;
  data: PreviewWithAggregationsResponse | undefined;
  error: unknown;
  resultCount: number;
  /** a bar of the aggregations adds its rule to the tree */
  onAddRule?: (rule: RuleType) => void;
}

/** The live dry run beside the form: matches, credits needed against the balance, and 5 sample records. */
export function DryRunPanel({ isReady, isWaiting, data, error, resultCount, onAddRule }: DryRunPanelProps) {
  const isShort = data !== undefined && data.credits < resultCount;
  return (
    <section
      aria-labelledby="dry-run-heading"
      aria-busy={isWaiting}
      className="space-y-4 rounded-lg bg-surface p-5 shadow"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="dry-run-heading" className="text-lg font-semibold text-text-primary">
          Dry run
        </h2>
        {isReady && isWaiting && <Spinner className="text-secondary" />}
      </div>
      {!isReady ? (
        <p className="text-sm text-text-secondary">Complete the filters to see how many records match.</p>
      ) : error && !isWaiting ? (
        <Alert tone="warning">{previewErrorMessage(error)}</Alert>
      ) : data ? (
        <>
          {data.corpus_loading ? (
            // The counts are of what the worker has loaded so far: a "0 matching records" would mislead.
            <Alert tone="info">
              <span data-testid="dry-run-corpus-loading">{ORDER_MESSAGES.corpusLoading}</span>
            </Alert>
          ) : (
            <p className="text-2xl font-bold text-text-primary" data-testid="dry-run-matches">
              {describeMatches(data)}
            </p>
          )}
          {!data.corpus_loading && describeRange(data) && (
            <p className="text-sm text-text-secondary" data-testid="dry-run-range">
              Likely {describeRange(data)} (95 % range, from a random sample: counting every match would take
              longer than a dry run may).
            </p>
          )}
          {!data.corpus_loading && describeTypeParts(data.matches_by_type) && (
            <p className="text-sm text-text-secondary" data-testid="dry-run-type-parts">
              {describeTypeParts(data.matches_by_type)}
            </p>
          )}
          {!data.corpus_loading && data.aggregations && onAddRule && (
            <InsightsPanel aggregations={data.aggregations} onAddRule={onAddRule} />
          )}
          {data.scan && <ScanNotice scan={data.scan} />}
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-text-secondary">Credits needed</dt>
            <dd className="text-right font-semibold" data-testid="dry-run-credits-needed">
              {numberFormat.format(data.credits_needed)}
            </dd>
            <dt className="text-text-secondary">Your balance</dt>
            <dd className="text-right font-semibold" data-testid="dry-run-balance">
              {numberFormat.format(data.credits)}
            </dd>
          </dl>
          <p className="text-xs text-text-secondary">
            The order reserves {numberFormat.format(resultCount)} credits and returns those for records it
            cannot deliver.
          </p>
          {isShort && (
            <Alert tone="warning">
              Not enough credits for this order.{' '}
              <Link to="/credits" className="underline">
                Buy credits
              </Link>
            </Alert>
          )}
          <SampleRecords sample={data.sample} />
        </>
      ) : (
        <p className="text-sm text-text-secondary">Checking the corpus…</p>
      )}
      <p className="text-xs text-text-secondary">
        <Link to="/coverage" className="underline">
          What the corpus holds
        </Link>{' '}
        (months, communities, gaps)
      </p>
    </section>
  );
}
