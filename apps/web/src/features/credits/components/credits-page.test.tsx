import { act, screen, waitFor, within } from '@testing-library/react';
import { redirectTo } from '../../../lib/browser.ts';
import { deferred, mockApi, type MockHandler, type MockReply } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp, TEST_USER } from '../../../testing/render-app.tsx';
import { CREDITS_MESSAGES as M } from '../messages.ts';
import { formatExpiry } from './credit-balance.tsx';

vi.mock('../../../lib/browser.ts', () => ({ redirectTo: vi.fn() }));

const CREDITS = 'GET /api/users/me/credits/';
const CREATE = 'POST /api/paypal/create-order/';
const CAPTURE = 'POST /api/paypal/capture-order/';
const GIFT_EXPIRY = '2026-12-22T10:00:00.000Z';

function signedIn(routes: Record<string, MockHandler> = {}) {
  window.localStorage.setItem('threadcart.has-session', '1');
  return mockApi({
    'GET /api/users/me/': [200, { user: TEST_USER }],
    [CREDITS]: [
      200,
      { credits: 1000, lots: [{ credits_left: 1000, expires_at: GIFT_EXPIRY, source: 'signup_gift' }] },
    ],
    ...routes,
  });
}

async function openCredits(entry = '/credits') {
  const view = renderApp(entry);
  // The page is a lazy chunk; its first load in a test run can be slow on a busy machine.
  await screen.findByRole('heading', { name: 'Purchase Credits' }, { timeout: 10_000 });
  return { ...view, input: screen.getByLabelText('Number of credits') as HTMLInputElement };
}

beforeEach(() => vi.mocked(redirectTo).mockReset());

it('shows the balance, each lot with its local expiry date, the default 1000 credits, $1.00 and the rate', async () => {
  signedIn();
  const { input } = await openCredits();
  await waitFor(() => expect(screen.getByTestId('credits-balance')).toHaveTextContent('1,000 credits'));
  // The balance may come from the signed-in user before the lots arrive: wait for the lots themselves.
  const lots = await screen.findByRole('list', { name: 'Credit lots' });
  expect(within(lots).getByText(/Sign-up gift/)).toBeInTheDocument();
  expect(within(lots).getByText(formatExpiry(GIFT_EXPIRY))).toBeInTheDocument();
  expect(input.value).toBe('1000');
  expect(input).toHaveAttribute('min', '1');
  expect(input).toHaveAttribute('step', '100');
  expect(screen.getByTestId('credits-total')).toHaveTextContent('$1.00');
  expect(screen.getByText(M.rate)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: M.buy })).toBeEnabled();
});

it('updates the total and the expiry as the amount changes; an amount out of range says so and is kept', async () => {
  signedIn();
  const { input, user } = await openCredits();
  await user.clear(input);
  await user.type(input, '1500');
  expect(screen.getByTestId('credits-total')).toHaveTextContent('$1.50');
  expect(screen.getByTestId('credits-expiry')).toHaveTextContent('expire 7 days after purchase');
  await user.clear(input);
  await user.type(input, '25000');
  expect(screen.getByTestId('credits-expiry')).toHaveTextContent('expire 60 days after purchase');
  await user.clear(input);
  await user.type(input, '25');
  expect(screen.getByTestId('credits-total')).toHaveTextContent('$0.03');
  await user.clear(input);
  await user.type(input, '99999999');
  await user.tab();
  expect(input.value).toBe('99999999');
  expect(screen.getByTestId('credits-total')).toHaveTextContent('—');
  expect(screen.getByText('Enter a whole number of credits from 1 to 1,000,000.')).toBeInTheDocument();
});

it('below 1 credit shows "Please enter a valid number of credits" in red and sends no request', async () => {
  const api = signedIn();
  const { input, user } = await openCredits();
  await user.clear(input);
  await user.type(input, '0{Enter}');
  const message = await screen.findByText(M.invalidCredits);
  expect(message.closest('ul')).toHaveClass('text-danger-dark');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(api.callsTo(CREATE)).toHaveLength(0);
  await user.type(input, '5');
  expect(screen.queryByText(M.invalidCredits)).not.toBeInTheDocument();
});

it('Buy Credits → "Processing..." → "Redirecting to PayPal..." → the approval URL', async () => {
  const created = deferred<MockReply>();
  const api = signedIn({ [CREATE]: () => created.promise });
  const { input, user } = await openCredits();
  await user.clear(input);
  await user.type(input, '1500');
  await user.click(screen.getByRole('button', { name: M.buy }));
  expect(await screen.findByRole('button', { name: M.processing })).toBeDisabled();
  expect(api.callsTo(CREATE)[0]!.data).toEqual({ credits_requested: 1500 });
  expect(api.callsTo(CREATE)[0]!.headers['X-CSRFToken']).toBe('test-csrf-token');
  await act(async () => {
    created.resolve([
      201,
      {
        approval_url: '/sim/paypal/checkoutnow?token=ORDER-1',
        order_id: 'ORDER-1',
        credits: 1500,
        amount: '1.50',
        currency: 'USD',
      },
    ]);
  });
  expect(await screen.findByRole('button', { name: M.redirecting })).toBeDisabled();
  expect(redirectTo).toHaveBeenCalledWith('/sim/paypal/checkoutnow?token=ORDER-1');
});

it.each([
  [
    'the server detail',
    [400, { detail: 'Please enter a valid number of credits' }],
    'Please enter a valid number of credits',
  ],
  ['the fallback on a bare 500', [500, {}], M.createFailed],
  ['the fallback without a response', 'network-error', M.createFailed],
  ['the fallback without an approval URL', [201, { order_id: 'X' }], M.createFailed],
] as const)('a failed order creation shows %s and lets the user retry', async (_name, reply, text) => {
  signedIn({ [CREATE]: reply as MockReply });
  const { user } = await openCredits();
  await user.click(screen.getByRole('button', { name: M.buy }));
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: M.buy })).toBeEnabled();
  expect(redirectTo).not.toHaveBeenCalled();
});

it('on return with ?token= captures with {orderID}, says so, refetches credits and user, and removes the token', async () => {
  let credits = 1000;
  const api = signedIn({
    'GET /api/users/me/': () => [200, { user: { ...TEST_USER, credits } }],
    [CREDITS]: () => [200, { credits, lots: [] }],
    [CAPTURE]: () => {
      credits = 2500;
      return [200, { status: 'COMPLETED', credits_added: 1500, credits }];
    },
  });
  await openCredits('/credits?token=ORDER-1&PayerID=PAYER');
  expect(await screen.findByText(M.paymentSuccessful)).toBeInTheDocument();
  expect(api.callsTo(CAPTURE)).toHaveLength(1);
  expect(api.callsTo(CAPTURE)[0]!.data).toEqual({ orderID: 'ORDER-1' });
  await waitFor(() => expect(currentLocation.search).toBe(''));
  expect(currentLocation.pathname).toBe('/credits');
  await waitFor(() => expect(screen.getByTestId('credits-balance')).toHaveTextContent('2,500 credits'));
  expect(await screen.findByRole('link', { name: '2,500 credits' })).toBeInTheDocument();
  expect(api.callsTo(CREDITS).length).toBeGreaterThanOrEqual(2);
  expect(screen.getByText(M.paymentSuccessful)).toBeInTheDocument();
});

it.each([
  ['the server detail', [409, { detail: 'This payment was cancelled.' }], 'This payment was cancelled.'],
  ['the fallback', [502, {}], M.paymentFailed],
  [
    'the pending text on a 202',
    [202, { status: 'PENDING', credits_added: 0, credits: 1000 }],
    M.paymentProcessing,
  ],
] as const)('a failed capture shows %s and still clears the token', async (_name, reply, text) => {
  signedIn({ [CAPTURE]: reply as MockReply });
  await openCredits('/credits?token=ORDER-1');
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.queryByText(M.paymentSuccessful)).not.toBeInTheDocument();
  await waitFor(() => expect(currentLocation.search).toBe(''));
});

it('only logs a failed credits fetch and still shows the balance the session knows', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  signedIn({ [CREDITS]: [404, { detail: 'Not found.' }] });
  await openCredits();
  await waitFor(() => expect(log).toHaveBeenCalledWith('Could not load credits', expect.anything()));
  expect(screen.getByTestId('credits-balance')).toHaveTextContent('1,000 credits');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
