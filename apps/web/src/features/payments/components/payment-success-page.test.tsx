import { act, screen } from '@testing-library/react';
import { deferred, mockApi, type MockReply } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp, TEST_USER } from '../../../testing/render-app.tsx';
import { PAYMENT_PAGE_MESSAGES as M } from '../messages.ts';
import { hasPaymentFlag, setPaymentFlag } from '../payment-flags.ts';
import { SuccessRoute, probe, renderPaymentPage } from '../testing/render-payment-page.tsx';

const CAPTURE = 'POST /api/paypal/capture-order/';
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderSuccess(entry: string) {
  return renderPaymentPage('/pay/success', <SuccessRoute />, entry);
}

beforeEach(() => {
  window.sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

it('without a token says "No payment ID found." and goes to /pricing after 3 s, calling nothing', async () => {
  const api = mockApi();
  renderSuccess('/pay/success');
  expect(screen.getByRole('heading', { name: M.noPaymentId })).toBeInTheDocument();
  expect(screen.getByText('Redirecting in 3 seconds')).toBeInTheDocument();
  await advance(1000);
  expect(screen.getByText('Redirecting in 2 seconds')).toBeInTheDocument();
  await advance(1000);
  expect(screen.getByText('Redirecting in 1 second')).toBeInTheDocument();
  expect(probe.pathname).toBe('');
  await advance(1000);
  expect(probe.pathname).toBe('/pricing');
  expect(api.callsTo(CAPTURE)).toHaveLength(0);
});

it('when the payment is flagged captured says "Payment already processed" and replaces itself by /dashboard after 2 s', async () => {
  setPaymentFlag('captured', 'ORDER-1');
  const api = mockApi();
  renderSuccess('/pay/success?token=ORDER-1&PayerID=P1');
  expect(screen.getByRole('heading', { name: M.alreadyProcessed })).toBeInTheDocument();
  expect(screen.getByText('Redirecting in 2 seconds')).toBeInTheDocument();
  await advance(1000);
  expect(probe.pathname).toBe('');
  await advance(1000);
  expect(probe.pathname).toBe('/dashboard');
  expect(api.callsTo(CAPTURE)).toHaveLength(0);
  // Replaced, not pushed: Back goes to the page before the return page.
  await act(() => probe.navigate!(-1));
  expect(probe.pathname).toBe('/start');
});

it('captures once with {order_id} after fetching the CSRF token, then counts down 5 s to /dashboard with the success message', async () => {
  window.localStorage.setItem('threadcart.has-session', '1');
  const capture = deferred<MockReply>();
  const api = mockApi({
    'GET /api/users/me/': [200, { user: TEST_USER }],
    [CAPTURE]: () => capture.promise,
  });
  renderSuccess('/pay/success?token=ORDER-1&PayerID=P1');
  expect(await screen.findByRole('heading', { name: M.verifying })).toBeInTheDocument();
  expect(screen.queryByText(/Redirecting in/)).not.toBeInTheDocument();
  const meCallsBefore = api.callsTo('GET /api/users/me/').length;

  capture.resolve([
    200,
    {
      status: 'COMPLETED',
      credits_added: 25000,
      credits: 26000,
      credits_expire_at: '2027-01-27T12:00:00.000Z',
    },
  ]);
  expect(await screen.findByRole('heading', { name: M.completedTitle })).toBeInTheDocument();
  expect(screen.getByText(M.completedText)).toBeInTheDocument();
  // The expiry is said at the purchase (issue 33), not only on the Terms page.
  expect(screen.getByText('These 25,000 credits expire on January 27, 2027.')).toBeInTheDocument();
  expect(screen.getByText('Redirecting in 5 seconds')).toBeInTheDocument();

  const order = api.calls.map((call) => `${call.method} ${call.url}`);
  expect(order.indexOf('GET /api/auth/csrf/')).toBeLessThan(order.indexOf(CAPTURE));
  expect(api.callsTo(CAPTURE)).toHaveLength(1); // StrictMode runs effects twice; one capture only
  expect(api.callsTo(CAPTURE)[0]!.data).toEqual({ order_id: 'ORDER-1' });
  expect(api.callsTo(CAPTURE)[0]!.headers['X-CSRFToken']).toBe('test-csrf-token');
  expect(hasPaymentFlag('captured', 'ORDER-1')).toBe(true);
  await advance(0);
  expect(api.callsTo('GET /api/users/me/').length).toBeGreaterThan(meCallsBefore); // the badge follows

  await advance(4000);
  expect(screen.getByText('Redirecting in 1 second')).toBeInTheDocument();
  await advance(1000);
  expect(probe.pathname).toBe('/dashboard');
  expect(probe.state).toEqual({ message: M.completedBanner });
});

it('treats a 200 that added no credits (another tab or browser captured it) as already processed', async () => {
  const api = mockApi({ [CAPTURE]: [200, { status: 'COMPLETED', credits_added: 0, credits: 26000 }] });
  renderSuccess('/pay/success?token=ORDER-1');
  expect(await screen.findByRole('heading', { name: M.alreadyProcessed })).toBeInTheDocument();
  expect(hasPaymentFlag('captured', 'ORDER-1')).toBe(true);
  await advance(2000);
  expect(probe.pathname).toBe('/dashboard');
  expect(probe.state).toBeNull();
  expect(api.callsTo(CAPTURE)).toHaveLength(1);
});

it.each([
  [
    'a refusal with detail',
    [402, { detail: 'Your payment was declined. Please try again with another payment method.' }],
  ],
  ['a server error', [502, { detail: 'Payment failed. Please try again.' }]],
  ['a pending capture (202)', [202, { status: 'PENDING', credits_added: 0, credits: 1000 }]],
  ['no response', 'network-error'],
] as const)(
  'on %s shows "Payment Verification Failed" and goes to /dashboard after 5 s',
  async (_name, reply) => {
    mockApi({ [CAPTURE]: reply as MockReply });
    renderSuccess('/pay/success?token=ORDER-1');
    expect(await screen.findByRole('heading', { name: M.verificationFailedTitle })).toBeInTheDocument();
    expect(screen.getByText(M.verificationFailedText)).toBeInTheDocument();
    if (Array.isArray(reply) && reply[0] === 402) {
      expect(screen.getByText(/Your payment was declined/)).toBeInTheDocument();
    }
    expect(hasPaymentFlag('captured', 'ORDER-1')).toBe(false);
    expect(screen.getByText('Redirecting in 5 seconds')).toBeInTheDocument();
    await advance(4000);
    expect(probe.pathname).toBe('');
    await advance(1000);
    expect(probe.pathname).toBe('/dashboard');
    expect(probe.state).toBeNull();
  },
);

it('keeps the captured flag after leaving, so a second visit is recognised without a second capture', async () => {
  const api = mockApi({ [CAPTURE]: [200, { status: 'COMPLETED', credits_added: 25000, credits: 26000 }] });
  const first = renderSuccess('/pay/success?token=ORDER-1');
  await screen.findByRole('heading', { name: M.completedTitle });
  first.unmount();
  expect(hasPaymentFlag('captured', 'ORDER-1')).toBe(true);

  renderSuccess('/pay/success?token=ORDER-1');
  expect(screen.getByRole('heading', { name: M.alreadyProcessed })).toBeInTheDocument();
  await advance(0); // the session check of the second render settles inside act
  expect(api.callsTo(CAPTURE)).toHaveLength(1);
});

it('inside the app: /paypal/success confirms, then the dashboard shows the success banner and the new balance', async () => {
  window.localStorage.setItem('threadcart.has-session', '1');
  let credits = 1000;
  mockApi({
    'GET /api/users/me/': () => [200, { user: { ...TEST_USER, credits } }],
    [CAPTURE]: () => {
      credits = 26000;
      return [200, { status: 'COMPLETED', credits_added: 25000, credits }];
    },
  });
  renderApp('/paypal/success?token=ORDER-7&PayerID=P1');
  expect(await screen.findByRole('heading', { name: M.completedTitle })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: '26,000 credits' })).toBeInTheDocument();
  await advance(5000);
  expect(currentLocation.pathname).toBe('/dashboard');
  const banner = await screen.findByText(M.completedBanner);
  expect(banner).toHaveAttribute('role', 'status');
});
