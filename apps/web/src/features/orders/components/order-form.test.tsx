import { screen, waitFor, within } from '@testing-library/react';
import { deferred, type MockReply, type RecordedRequest } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { makeOrder, mockSignedIn } from '../test-utils.ts';

const PREVIEW = {
  matches: 1234,
  matches_capped: false,
  matches_is_estimate: false,
  matches_low: 1234,
  matches_high: 1234,
  credits_needed: 100,
  credits: 1000,
  sample: [
    { type: 'post', id: 'p1', title: 'Python tips for data work', score: 321, subreddit: 'Python' },
    { type: 'post', id: 'p2', title: 'Another python post', score: 150, subreddit: 'learnpython' },
  ],
};

async function setup(
  createReply: MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>) = [
    201,
    makeOrder(),
  ],
) {
  const api = mockSignedIn({
    'POST /api/search-queries/create/': createReply,
    'POST /api/search-queries/preview/': [200, PREVIEW],
  });
  const utils = renderApp('/order');
  // The page is a lazy chunk; its first load in a test run can be slow.
  await screen.findByRole('heading', { name: 'Create New Order' }, { timeout: 10_000 });
  return { ...utils, api };
}

const previewBox = () => screen.getByLabelText<HTMLTextAreaElement>('Query Preview');
const fieldSelects = () => screen.getAllByTitle('Field') as HTMLSelectElement[];

async function typeKeyword(user: Awaited<ReturnType<typeof setup>>['user'], text: string) {
  const input = await screen.findByLabelText('Keyword value');
  await user.type(input, text);
  await user.tab();
}

describe('Create New Order form', { timeout: 20_000 }, () => {
  it('shows every field with its default, placeholders and the docs/product.md §7.14 tree', async () => {
    await setup();
    expect(await screen.findByRole('heading', { name: 'Create New Order' })).toBeInTheDocument();
    expect(screen.getByLabelText('Order Title')).toHaveAttribute(
      'placeholder',
      expect.stringContaining('My Awesome Search'),
    );
    expect(screen.getByLabelText('Content Type')).toHaveValue('posts');
    expect(screen.getByLabelText('Number of Records')).toHaveValue(100);
    expect(screen.getByLabelText('Output Format')).toHaveValue('json');
    expect(
      within(screen.getByLabelText('Content Type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Posts Only', 'Comments Only', 'Both Posts and Comments']);
    expect(
      within(screen.getByLabelText('Output Format'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['JSON (.json)', 'CSV (.csv)', 'Excel (.xlsx)', 'NDJSON (.ndjson)', 'Parquet (.parquet)']);
    expect(fieldSelects()).toHaveLength(1);
    expect(fieldSelects()[0]).toHaveValue('keyword');
    expect(screen.getByTitle('Operator')).toHaveValue('keyword_contains');
    expect(
      within(screen.getByTitle('Operator'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['contains', 'does not contain']);
    expect(screen.getByLabelText('Keyword value')).toHaveAttribute('placeholder', 'e.g. python');
    expect(previewBox()).toHaveValue('');
  });

  it('says what a record count may be instead of changing it, and refuses to submit until it is one', async () => {
    const { user, api } = await setup();
    const count = await screen.findByLabelText('Number of Records');
    await user.clear(count);
    await user.type(count, '10000000');
    await user.tab();
    expect(count).toHaveValue(10000000);
    expect(screen.getByText('Ensure this value is a whole number from 1 to 1000.')).toBeInTheDocument();
    await typeKeyword(user, 'python');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(api.callsTo('POST /api/search-queries/create/')).toHaveLength(0);
    await user.clear(count);
    await user.type(count, '1000');
    expect(screen.queryByText('Ensure this value is a whole number from 1 to 1000.')).not.toBeInTheDocument();
  });

  it('recomputes the field list when the content type changes', async () => {
    const { user } = await setup();
    await screen.findByTitle('Field');
    const options = () =>
      within(fieldSelects()[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent);
    const shared = ['Subreddit', 'Author', 'Created', 'NSFW', 'Removed or Deleted'];
    expect(options()).toEqual([
      'Keyword',
      'Regular Expression',
      'Post Upvotes',
      'Post Comments Count',
      ...shared,
      'Post Kind',
      'Link Domain',
      'Post Flair',
    ]);
    await user.selectOptions(screen.getByLabelText('Content Type'), 'comments');
    expect(options()).toEqual([
      'Keyword',
      'Regular Expression',
      'Comment Replies Count',
      'Comment Upvotes',
      ...shared,
    ]);
    await user.selectOptions(screen.getByLabelText('Content Type'), 'both');
    expect(options()).toContain('Comment Replies Count');
    expect(options()).toContain('Post Upvotes');
  });

  it('resets operator and value when a rule changes field', async () => {
    const { user } = await setup();
    await typeKeyword(user, 'python');
    expect(previewBox()).toHaveValue("(keyword CONTAINS 'python')");
    await user.selectOptions(fieldSelects()[0]!, 'upvotes');
    expect(screen.getByTitle('Operator')).toHaveValue('between');
    expect(screen.getByLabelText('Post Upvotes minimum')).toHaveValue(null);
    expect(screen.getByLabelText('Post Upvotes maximum')).toHaveValue(null);
    expect(previewBox()).toHaveValue('(upvotes IS ANY)');
    await user.selectOptions(fieldSelects()[0]!, 'regex');
    expect(screen.getByTitle('Operator')).toHaveValue('regex_matches');
    expect(screen.getByLabelText('Regular Expression value')).toHaveValue('');
    expect(screen.getByLabelText('Regular Expression value')).toHaveAttribute(
      'placeholder',
      'e.g. .*python.*',
    );
    await user.selectOptions(fieldSelects()[0]!, 'keyword');
    expect(screen.getByTitle('Operator')).toHaveValue('keyword_contains');
    expect(screen.getByLabelText('Keyword value')).toHaveValue('');
  });

  it('commits values as typed: the preview follows each keystroke, without a blur', async () => {
    const { user } = await setup();
    const keyword = await screen.findByLabelText('Keyword value');
    await user.type(keyword, 'rust');
    expect(keyword).toHaveFocus();
    expect(previewBox()).toHaveValue("(keyword CONTAINS 'rust')");
    await user.click(screen.getByRole('button', { name: /\+ Rule/ }));
    await user.selectOptions(fieldSelects()[1]!, 'comments');
    await user.type(screen.getByLabelText('Post Comments Count minimum'), '5');
    expect(previewBox()).toHaveValue("(keyword CONTAINS 'rust' AND comments >= 5)");
  });

  it('loads "High Quality Posts" and "Active Comments", switching the content type', async () => {
    const { user } = await setup();
    await user.selectOptions(await screen.findByLabelText('Content Type'), 'comments');
    await user.click(screen.getByRole('button', { name: 'High Quality Posts' }));
    expect(screen.getByLabelText('Content Type')).toHaveValue('posts');
    expect(previewBox()).toHaveValue("(keyword CONTAINS 'python' AND upvotes BETWEEN 100 AND 500)");
    await user.click(screen.getByRole('button', { name: 'Active Comments' }));
    expect(screen.getByLabelText('Content Type')).toHaveValue('comments');
    expect(previewBox()).toHaveValue("(keyword CONTAINS 'data' AND replies BETWEEN 5 AND 20)");
    expect(fieldSelects()[1]).toHaveValue('replies');
    expect(
      within(fieldSelects()[1]!).getByRole('option', { name: 'Comment Replies Count' }),
    ).toBeInTheDocument();
  });

  it('shows "Please add at least one filter." when the tree has no rules', async () => {
    const { user, api } = await setup();
    await user.click(await screen.findByTitle('Remove rule'));
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please add at least one filter.');
    expect(api.callsTo('POST /api/search-queries/create/')).toHaveLength(0);
  });

  it('refuses an unfinished query before submitting', async () => {
    const { user, api } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Create Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Query validation failed: Rule 1 (keyword): enter at least one word.',
    );
    expect(api.callsTo('POST /api/search-queries/create/')).toHaveLength(0);
  });

  it('sends the payload with the generated title, shows "Processing..." and goes to /order-completed on 201', async () => {
    const reply = deferred<MockReply>();
    const { user, api } = await setup(() => reply.promise);
    await user.click(await screen.findByRole('button', { name: 'High Quality Posts' }));
    await user.selectOptions(screen.getByLabelText('Output Format'), 'csv');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    const button = await screen.findByRole('button', { name: 'Processing...' });
    expect(button).toBeDisabled();
    const [call] = api.callsTo('POST /api/search-queries/create/');
    expect(call?.data).toMatchObject({ search_type: 'posts', format_type: 'csv', result_count: 100 });
    const payload = call?.data as { title: string; filters: unknown };
    expect(payload.title).toMatch(/^Search \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(payload.filters).toEqual({
      combinator: 'and',
      not: false,
      rules: [
        { field: 'keyword', operator: 'keyword_contains', value: 'python' },
        { field: 'upvotes', operator: 'between', value: [100, 500] },
      ],
    });
    reply.resolve([201, makeOrder()]);
    await waitFor(() => expect(currentLocation.pathname).toBe('/order-completed'));
    expect(await screen.findByRole('heading', { name: 'Order Requested Successfully!' })).toBeInTheDocument();
  });

  it.each([
    [[200, makeOrder()] as MockReply, 'Order submitted, but received status: 200. Please check your orders.'],
    [
      [402, { detail: 'Not enough credits: this order needs 100 credits and you have 40.' }] as MockReply,
      'Not enough credits: this order needs 100 credits and you have 40.',
    ],
    [
      [400, { filters: ['Rule 2 (regex): invalid pattern: missing ): (a'] }] as MockReply,
      'Rule 2 (regex): invalid pattern: missing ): (a',
    ],
    [[500, 'oops'] as MockReply, 'Failed to submit search. Please try again.'],
    ['network-error' as MockReply, 'Failed to submit search. Please try again.'],
  ])('shows the message of docs/product.md §10.8 for %j', async (reply, message) => {
    const { user } = await setup(reply);
    await user.type(await screen.findByLabelText('Order Title'), 'Mine');
    await typeKeyword(user, 'python');
    await user.click(screen.getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(currentLocation.pathname).toBe('/order');
    expect(screen.getByRole('button', { name: 'Create Order' })).toBeEnabled();
  });

  it('runs the dry run once the query is valid: matches, credits needed, balance and samples', async () => {
    const { user, api } = await setup();
    expect(
      await screen.findByText('Complete the filters to see how many records match.'),
    ).toBeInTheDocument();
    await typeKeyword(user, 'python');
    expect(await screen.findByText('1,234 matching records', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('dry-run-credits-needed')).toHaveTextContent('100');
    expect(screen.getByTestId('dry-run-balance')).toHaveTextContent('1,000');
    const samples = within(screen.getByRole('list', { name: 'Sample records' })).getAllByRole('listitem');
    expect(samples).toHaveLength(2);
    expect(samples[0]).toHaveTextContent('Python tips for data work');
    expect(samples[0]).toHaveTextContent('r/Python');
    expect(samples[0]).toHaveTextContent('score 321');
    const calls = api.callsTo('POST /api/search-queries/preview/');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.data).toEqual({
      search_type: 'posts',
      result_count: 100,
      filters: {
        combinator: 'and',
        rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
      },
      sort: 'top',
      // The builder asks for the histogram and top lists in the same dry run (docs/product.md §6.9.1).
      aggregations: { interval: 'month', top: ['subreddit', 'author'], top_limit: 8 },
    });
  });
});
