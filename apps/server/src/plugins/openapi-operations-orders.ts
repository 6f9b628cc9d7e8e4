import { RERUN_MESSAGES } from '@threadcart/contracts';
import type { OperationTable } from './openapi-tags.ts';

const ORDER_ID = '0193b7a9-1a2b-7c3d-8e4f-5a6b7c8d9e0f';
const SCHEDULE_ID = '0193b7a9-1a2d-7e00-8abc-def012345678';
const FILTERS = {
  combinator: 'and',
  rules: [
    { field: 'subreddit', operator: 'in', value: ['datascience', 'MachineLearning'] },
    { field: 'keyword', operator: 'keyword_contains', value: 'pandas' },
    { field: 'upvotes', operator: 'between', value: [100, null] },
    { field: 'created', operator: 'between', value: ['2025-01-01', '2025-12-31'] },
  ],
};
const ORDER_BODY = {
  title: 'Pandas talk in r/datascience',
  search_type: 'posts',
  format_type: 'csv',
  result_count: 500,
  filters: FILTERS,
  sort: 'top',
};
const QUERY_STRING =
  "(subreddit IN ('datascience', 'machinelearning') AND keyword CONTAINS 'pandas' AND upvotes >= 100 AND " +
  "created BETWEEN '2025-01-01' AND '2025-12-31')";
const FILE_NAME = 'pandas-talk-in-r-datascience.csv';
const ORDER = {
  id: ORDER_ID,
  title: 'Pandas talk in r/datascience',
  timestamp: '2026-11-27T18:29:58.000Z',
  search_type: 'posts',
  format_type: 'csv',
  result_count: 500,
  status: 'completed',
  query_string: QUERY_STRING,
  filters: { ...FILTERS, not: false },
  there_is_file: true,
  file_name: FILE_NAME,
  result_files: [
    {
      file_name: FILE_NAME,
      content_type: 'text/csv; charset=utf-8',
      size_bytes: 412877,
      download_url: `/api/download/${ORDER_ID}/`,
    },
  ],
  records_delivered: 500,
  credits_charged: 500,
  progress: 100,
  error: null,
  sort: 'top',
  sample_seed: null,
  columns: null,
  exclude_purchased: false,
  include_context: false,
  include_comments: 0,
  authors: 'as_is',
  pseudonyms: 'per_order',
  scrub: [],
};
const PENDING_ORDER = {
  ...ORDER,
  status: 'pending',
  there_is_file: false,
  file_name: null,
  result_files: [],
  records_delivered: null,
  credits_charged: null,
  progress: 0,
};
const SCHEDULE = {
  id: SCHEDULE_ID,
  cadence: 'weekly',
  status: 'active',
  title: 'Pandas talk in r/datascience',
  search_type: 'posts',
  format_type: 'csv',
  result_count: 500,
  query_string: QUERY_STRING,
  next_run_at: '2026-12-04T18:29:58.000Z',
  last_run: {
    at: '2026-11-27T18:29:58.000Z',
    outcome: 'placed',
    order_id: ORDER_ID,
    message: null,
  },
  runs_placed: 1,
  runs_skipped: 0,
  first_order_id: ORDER_ID,
  created_at: '2026-11-20T18:29:58.000Z',
};
const SLICE = (records: number) => ({ records, latest_retrieved_at: '2026-11-01T00:00:00.000Z' });

/** Orders, Dry runs & corpus, Files & manifests, Schedules. */
export const ORDER_OPERATIONS: OperationTable = {
  'POST /api/search-queries/create/': {
    tag: 'Orders',
    access: 'user',
    summary: 'Place an order',
    description:
      'Signed-in users and API keys with the `orders` scope. 1–1,000 records at 1 credit each, reserved in the ' +
      'same transaction (402 `insufficient_credits` when short); the worker builds the file. 400 with a field map ' +
      'for a bad filter tree or option, 429 `too_many_open_orders` past 10 waiting or running, 429 ' +
      '`scan_budget_spent` when a search no index narrows would pass the daily scan budget, 503 ' +
      '`storage_unwritable`. Send `Idempotency-Key` to retry safely (the first order answers again); `schedule` ' +
      'repeats it daily or weekly.',
    body: ORDER_BODY,
    parameters: { 'idempotency-key': 'nightly-2026-11-27' },
    response: { status: 201, example: PENDING_ORDER },
  },
  'GET /api/search-queries/list/': {
    tag: 'Orders',
    access: 'user',
    summary: 'List your orders',
    description:
      'Signed-in users and API keys. The caller’s orders, newest first (at most 500), as a JSON array streamed page ' +
      'by page. Each carries its status (`pending`, `processing`, `completed`, `failed`), progress, charge and files.',
    response: { status: 200, example: [ORDER] },
  },
  'GET /api/search-queries/{id}/': {
    tag: 'Orders',
    access: 'user',
    summary: 'Get an order',
    description:
      'The order’s owner only: another user’s order is 404. Poll it while `status` is `pending` or `processing`; a ' +
      'completed order lists its `result_files`, a failed one its `error` (its credits released).',
    parameters: { id: ORDER_ID },
    response: { status: 200, example: ORDER },
  },
  'POST /api/search-queries/{id}/rerun/': {
    tag: 'Orders',
    access: 'user',
    summary: 'Place an order again as a new one',
    description:
      'The order’s owner only (another user’s order is 404). The same request goes through the create path: ' +
      'charged as usual (402), the open-order cap (429) and `Idempotency-Key` apply; `exclude_purchased` may be ' +
      'set for this run. The answer says whether the corpus changed since the order ran.',
    body: { exclude_purchased: true },
    parameters: { id: ORDER_ID, 'idempotency-key': 'rerun-2026-11-28' },
    response: {
      status: 201,
      example: {
        order: { ...PENDING_ORDER, id: '0193c2f1-0b1c-7d2e-8f3a-4b5c6d7e8f90', exclude_purchased: true },
        corpus_changed: true,
        corpus_changes: [RERUN_MESSAGES.records('Posts', 1204311, 1250876), RERUN_MESSAGES.ingests(1)],
      },
    },
  },
  'GET /api/dashboard/stats/': {
    tag: 'Orders',
    access: 'user',
    summary: 'Get the dashboard counters',
    description:
      'Signed-in users and API keys. How many of the caller’s orders there are in all, completed, in progress ' +
      '(pending or processing) and failed, with the credit balance.',
    response: {
      status: 200,
      example: { total: 12, completed: 10, in_progress: 1, failed: 1, credits: 26000 },
    },
  },
  'POST /api/search-queries/preview/': {
    tag: 'Dry runs & corpus',
    access: 'user',
    summary: 'Dry-run an order: count matches, price it, show a sample',
    description:
      'Signed-in users and API keys with the `read` scope; free, and nothing is placed. The same body as placing ' +
      'an order; the count is exact or, when it would not finish within the budget, an estimate with its range. ' +
      '120 a minute per user (429); a third running at once ends the oldest (409 `dry_run_superseded`); 503 ' +
      '`corpus_bulk_loading` while a bulk load has the search indexes off. A search no index narrows also answers ' +
      '`scan`: the records it reads, about how long, and the daily scan budget left. With `aggregations` ' +
      '(`interval`, `top`, `top_limit` as POST /api/corpus/aggregate/) it also answers them, in the same budget.',
    body: ORDER_BODY,
    response: {
      status: 200,
      example: {
        matches: 1843,
        matches_capped: false,
        matches_is_estimate: false,
        matches_low: 1843,
        matches_high: 1843,
        credits_needed: 500,
        credits: 26000,
        sample: [
          {
            id: 't3_1h2k3l4',
            subreddit: 'datascience',
            title: 'Pandas 3.0: what changes for your notebooks',
            author: 'quant_kate',
            score: 812,
            num_comments: 164,
            created_utc: '2025-03-14T09:12:44Z',
          },
        ],
      },
    },
  },
  'GET /api/corpus/suggest/': {
    tag: 'Dry runs & corpus',
    access: 'user',
    summary: 'Suggest subreddit, author or domain names',
    description:
      'Signed-in users and API keys. Up to 20 names that start with `q` (any case; a leading r/ or u/ is ignored), ' +
      'the most records first, for the order builder. `field` must be subreddit, author or domain (400 otherwise).',
    parameters: { field: 'subreddit', q: 'data' },
    response: {
      status: 200,
      example: {
        field: 'subreddit',
        suggestions: [
          { name: 'datascience', records: 182340 },
          { name: 'dataisbeautiful', records: 96512 },
          { name: 'dataengineering', records: 40877 },
        ],
      },
    },
  },
  'GET /api/download/{id}/': {
    tag: 'Files & manifests',
    access: 'user',
    summary: 'Download a completed order’s file',
    description:
      'The order’s owner only (another user’s order is 404). The file as an attachment in the order’s format ' +
      '(JSON, CSV, XLSX, NDJSON or Parquet); 404 `no_file` before it is ready or after it was deleted.',
    parameters: { id: ORDER_ID },
    response: {
      status: 200,
      contentType: 'text/csv',
      example:
        'id,subreddit,title,author,score,num_comments,created_utc\n' +
        't3_1h2k3l4,datascience,Pandas 3.0: what changes for your notebooks,quant_kate,812,164,2025-03-14T09:12:44Z\n',
    },
  },
  'GET /api/search-queries/{id}/manifest/': {
    tag: 'Files & manifests',
    access: 'user',
    summary: 'Get a completed order’s manifest',
    description:
      'The order’s owner only (another user’s order is 404). What the order ran and delivered: the canonical ' +
      'filters, options, counts, the corpus snapshot at completion, the file’s SHA-256 and a citation. 409 ' +
      '`order_not_completed` until its file is ready.',
    parameters: { id: ORDER_ID },
    response: {
      status: 200,
      example: {
        manifest_version: 1,
        order_id: ORDER_ID,
        title: ORDER.title,
        filters: ORDER.filters,
        query_string: QUERY_STRING,
        search_type: 'posts',
        sort: 'top',
        sample_seed: null,
        columns: null,
        exclude_purchased: false,
        include_context: false,
        include_comments: 0,
        authors: 'as_is',
        pseudonyms: 'per_order',
        scrub: [],
        scrub_counts: null,
        removal_url: 'https://threadcart.example.com/removal',
        format_type: 'csv',
        requested_count: 500,
        delivered_count: 500,
        corpus_snapshot: {
          posts: { real: SLICE(1204311), sample: SLICE(0) },
          comments: { real: SLICE(9877410), sample: SLICE(0) },
          sources: [{ files: ['RS_2025-10.zst'], is_sample: false, finished_at: '2026-11-01T03:12:09.000Z' }],
          suppressed: { records_erased: 12, records: 12, authors: 1 },
        },
        file: {
          name: FILE_NAME,
          size_bytes: 412877,
          sha256: '9f2c4e1a7b3d5f6e8a0c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f',
          content_type: 'text/csv; charset=utf-8',
          download_url: `/api/download/${ORDER_ID}/`,
        },
        created_at: '2026-11-27T18:29:58.000Z',
        completed_at: '2026-11-27T18:30:01.000Z',
        threadcart_version: '0.1.0',
        citation: {
          text:
            'Reddit (2026). Reddit posts and comments from the public Reddit archive dumps (Pushshift / Arctic ' +
            `Shift), extracted with Threadcart 0.1.0, order ${ORDER_ID} (500 records, completed 2026-11-27). ` +
            'Original content © its Reddit authors.',
          bibtex:
            '@misc{threadcart_0193b7a91a2b7c3d8e4f5a6b7c8d9e0f,\n  author = {{Reddit}},\n  title = {Reddit data ' +
            `extract, order ${ORDER_ID}},\n  year = {2026},\n}`,
        },
      },
    },
  },
  'GET /api/schedules/': {
    tag: 'Schedules',
    access: 'user',
    summary: 'List your scheduled orders',
    description:
      'Signed-in users and API keys. Each schedule with its cadence, next run, last run (placed, or skipped with ' +
      'why, e.g. credits short) and counts.',
    response: { status: 200, example: { schedules: [SCHEDULE] } },
  },
  'POST /api/schedules/{id}/pause/': {
    tag: 'Schedules',
    access: 'user',
    summary: 'Pause a schedule',
    description:
      'The schedule’s owner only (another user’s is 404); no body. No run is placed until it is resumed; ' +
      '`next_run_at` reads null meanwhile.',
    parameters: { id: SCHEDULE_ID },
    response: { status: 200, example: { ...SCHEDULE, status: 'paused', next_run_at: null } },
  },
  'POST /api/schedules/{id}/resume/': {
    tag: 'Schedules',
    access: 'user',
    summary: 'Resume a paused schedule',
    description:
      'The schedule’s owner only (another user’s is 404); no body. Runs start again at the next slot (same time ' +
      'of day, or day and time of the week); the runs missed while paused are not placed.',
    parameters: { id: SCHEDULE_ID },
    response: { status: 200, example: SCHEDULE },
  },
  'DELETE /api/schedules/{id}/': {
    tag: 'Schedules',
    access: 'user',
    summary: 'Delete a schedule',
    description:
      'The schedule’s owner only (another user’s is 404). No further runs are placed; the orders it placed stay. ' +
      '204 with no body.',
    parameters: { id: SCHEDULE_ID },
    response: { status: 204 },
  },
};
