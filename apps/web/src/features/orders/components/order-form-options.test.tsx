import { screen, waitFor, within } from '@testing-library/react';
import { ORDER_MESSAGES } from '@threadcart/contracts';
import type { MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeOrder, mockSignedIn } from '../test-utils.ts';

const PREVIEW = {
  matches: 42,
  matches_capped: false,
  matches_is_estimate: false,
  matches_low: 42,
  matches_high: 42,
  credits_needed: 42,
  credits: 1000,
  sample: [],
};
const CREATE = 'POST /api/search-queries/create/';
const PREVIEW_CALL = 'POST /api/search-queries/preview/';
const SUGGEST = 'GET /api/corpus/suggest/';

async function setup(create: MockHandler = [201, makeOrder()]) {
  const api = mockSignedIn({
    [CREATE]: create,
    [PREVIEW_CALL]: [200, PREVIEW],
    [SUGGEST]: [
      200,
      {
        field: 'subreddit',
        suggestions: [
          { name: 'science', records: 2_400 },
          { name: 'scifi', records: 310 },
        ],
      },
    ],
  });
  const utils = renderApp('/order');
  await screen.findByRole('heading', { name: 'Create New Order' }, { timeout: 10_000 });
  return { ...utils, api };
}

const previewBox = () => screen.getByLabelText<HTMLTextAreaElement>('Query Preview');
const fieldSelects = () => screen.getAllByTitle('Field') as HTMLSelectElement[];
const lastData = (calls: { data: unknown }[]) => calls.at(-1)?.data as Record<string, unknown> | undefined;

describe('Create New Order: new filter editors and order options', { timeout: 30_000 }, () => {
  it('builds a subreddit rule from a suggestion and sends it to the preview and the dry run', async () => {
    const { user, api } = await setup();
    await user.selectOptions(fieldSelects()[0]!, 'subreddit');
    expect(screen.getByTitle('Operator')).toHaveValue('in');
    const input = screen.getByRole('combobox', { name: 'Subreddit value' });
    await user.type(input, 'r/sci');
    await user.click(await screen.findByRole('option', { name: /science/ }));
    expect(previewBox()).toHaveValue("(subreddit IN ('science'))");
    await waitFor(() => expect(api.callsTo(PREVIEW_CALL).length).toBeGreaterThan(0), { timeout: 3000 });
    expect(lastData(api.callsTo(PREVIEW_CALL))).toMatchObject({
      filters: { rules: [{ field: 'subreddit', operator: 'in', value: ['science'] }] },
      sort: 'top',
    });
    expect(await screen.findByText('42 matching records')).toBeInTheDocument();
  });

  it('gives each kind its editor when a rule changes field', async () => {
    const { user } = await setup();
    await user.selectOptions(fieldSelects()[0]!, 'created');
    expect(screen.getByTitle('Operator')).toHaveValue('between');
    expect(
      within(screen.getByTitle('Operator'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['between', 'on or after', 'on or before']);
    expect(screen.getByLabelText('Created from')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Created to')).toHaveAttribute('type', 'date');
    await user.selectOptions(fieldSelects()[0]!, 'removed');
    await user.click(screen.getByRole('switch', { name: 'Removed or Deleted' }));
    expect(previewBox()).toHaveValue('(removed = true)');
    await user.selectOptions(fieldSelects()[0]!, 'post_kind');
    await user.click(screen.getByRole('checkbox', { name: 'image' }));
    expect(previewBox()).toHaveValue("(post_kind IN ('image'))");
    await user.selectOptions(fieldSelects()[0]!, 'flair');
    await user.type(screen.getByLabelText('Post Flair value'), 'Discussion');
    await user.tab();
    expect(previewBox()).toHaveValue("(flair CONTAINS 'Discussion')");
    await user.selectOptions(screen.getByLabelText('Content Type'), 'comments');
    await user.selectOptions(fieldSelects()[0]!, 'comment_upvotes');
    await user.type(screen.getByLabelText('Comment Upvotes minimum'), '10');
    await user.tab();
    expect(previewBox()).toHaveValue('(comment_upvotes >= 10)');
  });

  it('loads "Recent science discussions" with its content type and sort', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Recent science discussions' }));
    expect(screen.getByLabelText('Content Type')).toHaveValue('both');
    expect(screen.getByLabelText('Sort')).toHaveValue('new');
    expect(previewBox()).toHaveValue(
      "(subreddit IN ('science', 'askscience') AND created >= '2024-01-01' AND removed = false)",
    );
    expect(screen.getByLabelText('Created from')).toHaveValue('2024-01-01');
    expect(screen.getByRole('switch', { name: 'Removed or Deleted' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('offers the sorts by name, and a sample seed for random only; sends both to the dry run and the order', async () => {
    const { user, api } = await setup();
    expect(
      within(screen.getByLabelText('Sort'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Top (highest score first)',
      'Newest first',
      'Oldest first',
      'Most discussed',
      'Random sample',
    ]);
    expect(screen.getByLabelText('Sort')).toHaveValue('top');
    expect(screen.queryByLabelText('Sample seed')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    await user.selectOptions(screen.getByLabelText('Sort'), 'random');
    const seed = screen.getByLabelText('Sample seed');
    expect(seed).toHaveValue(null);
    expect(seed).toHaveAccessibleDescription('Optional. The same seed gives the same sample.');
    await user.type(seed, '42');
    await waitFor(
      () => expect(lastData(api.callsTo(PREVIEW_CALL))).toMatchObject({ sort: 'random', sample_seed: 42 }),
      {
        timeout: 3000,
      },
    );
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    const payload = lastData(api.callsTo(CREATE));
    expect(payload).toMatchObject({ sort: 'random', sample_seed: 42 });
    expect(payload).not.toHaveProperty('columns');
  });

  it('leaves the seed out when it is empty or the sort is not random', async () => {
    const { user, api } = await setup();
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    await user.selectOptions(screen.getByLabelText('Sort'), 'random');
    await user.type(screen.getByLabelText('Sample seed'), '7');
    await user.selectOptions(screen.getByLabelText('Sort'), 'most_discussed');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    const payload = lastData(api.callsTo(CREATE));
    expect(payload?.sort).toBe('most_discussed');
    expect(payload).not.toHaveProperty('sample_seed');
  });

  it('sends the chosen columns, in order, only once they differ from the default', async () => {
    const { user, api } = await setup();
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    await user.click(screen.getByText(/File columns/));
    await user.click(screen.getByRole('checkbox', { name: 'selftext' }));
    await user.click(screen.getByRole('checkbox', { name: 'flair' }));
    await user.click(screen.getByRole('button', { name: 'Move flair up' }));
    const columns = [
      'id',
      'author',
      'title',
      'score',
      'num_comments',
      'created_utc',
      'subreddit',
      'permalink',
      'flair',
      'url',
    ];
    await waitFor(() => expect(lastData(api.callsTo(PREVIEW_CALL))?.columns).toEqual(columns), {
      timeout: 3000,
    });
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(lastData(api.callsTo(CREATE))?.columns).toEqual(columns);
  });

  it('refuses a column choice that leaves nothing, with the contracts message', async () => {
    const { user, api } = await setup();
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    await user.click(screen.getByText(/File columns/));
    const chosen = screen.getByRole('list', { name: 'Chosen columns' });
    for (const box of within(chosen).getAllByRole('checkbox')) await user.click(box);
    expect(screen.getAllByText(ORDER_MESSAGES.columnsEmpty).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.columnsEmpty);
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it.each([
    ['sample_seed', 'Sample seed', ORDER_MESSAGES.sampleSeed],
    ['sort', 'Sort', ORDER_MESSAGES.sort],
  ] as const)('shows the server 400 message for %s under its control', async (field, label, message) => {
    const { user } = await setup([400, { [field]: [message] }]);
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    await user.selectOptions(screen.getByLabelText('Sort'), 'random');
    await user.type(screen.getByLabelText('Sample seed'), '-5');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const control = screen.getByLabelText(label);
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription(expect.stringContaining(message));
    // Changing the option clears its stale message.
    if (field === 'sample_seed') await user.type(control, '0');
    else await user.selectOptions(control, 'new');
    expect(control).not.toHaveAttribute('aria-invalid');
  });

  it('shows the server 400 message for columns beside the chooser', async () => {
    const message = ORDER_MESSAGES.columnUnknown('title', 'comments');
    const { user } = await setup([400, { columns: [message] }]);
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    await user.click(screen.getByText(/File columns/));
    await user.click(screen.getByRole('checkbox', { name: 'flair' }));
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('group', { name: /Choose the file's columns/ })).toHaveAccessibleDescription(
      message,
    );
  });

  it('shows thread context for comments and top comments for posts in JSON or NDJSON, and sends them', async () => {
    const { user, api } = await setup();
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    const context = () => screen.queryByRole('checkbox', { name: /Thread context for comments/ });
    const topComments = () => screen.queryByLabelText('Top comments per post');
    expect(context()).not.toBeInTheDocument();
    expect(topComments()).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Output Format'), 'parquet');
    expect(topComments()).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Content Type'), 'comments');
    expect(context()).toBeInTheDocument();
    await user.click(context()!);
    await user.click(screen.getByRole('checkbox', { name: /Only records I have not received/ }));
    await waitFor(
      () =>
        expect(lastData(api.callsTo(PREVIEW_CALL))).toMatchObject({
          exclude_purchased: true,
          include_context: true,
        }),
      { timeout: 3000 },
    );
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(lastData(api.callsTo(CREATE))).toMatchObject({
      search_type: 'comments',
      format_type: 'parquet',
      exclude_purchased: true,
      include_context: true,
    });
    expect(lastData(api.callsTo(CREATE))).not.toHaveProperty('include_comments');
  });

  it('sends top comments for the posts of a both order, and shows the server 400 under the control', async () => {
    const message = ORDER_MESSAGES.includeComments;
    const { user, api } = await setup([400, { include_comments: [message] }]);
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    await user.selectOptions(screen.getByLabelText('Content Type'), 'both');
    await user.selectOptions(screen.getByLabelText('Output Format'), 'ndjson');
    await user.type(screen.getByLabelText('Top comments per post'), '80');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(lastData(api.callsTo(CREATE))).toMatchObject({ search_type: 'both', include_comments: 80 });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const control = screen.getByLabelText('Top comments per post');
    expect(control).toHaveAttribute('aria-invalid', 'true');
    await user.clear(control);
    expect(control).not.toHaveAttribute('aria-invalid');
  });
});
