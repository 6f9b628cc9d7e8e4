import { act, screen } from '@testing-library/react';
import { mockApi, type MockReply } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp, TEST_USER } from '../../../testing/render-app.tsx';
import { PAYMENT_PAGE_MESSAGES as M } from '../messages.ts';
import { hasPaymentFlag, setPaymentFlag } from '../payment-flags.ts';
import { CancelRoute, probe, renderPaymentPage } from '../testing/render-payment-page.tsx';

const CANCEL = 'POST /api/paypal/cancel-order/';
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderCancel(entry: string) {
  return renderPaymentPage('/pay/cancel', <CancelRoute />, entry);
}

beforeEach(() => {
  window.sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

it('without a token says "No payment ID found." and goes to /pricing after 3 s', async () => {
  const api = mockApi();
  renderCancel('/pay/cancel');
  expect(screen.getByRole('heading', { name: M.noPaymentId })).toBeInTheDocument();
  expect(screen.getByText('Redirecting in 3 seconds')).toBeInTheDocument();
  await advance(2000);
  expect(probe.pathname).toBe('');
  await advance(1000);
  expect(probe.pathname).toBe('/pricing');
  expect(api.callsTo(CANCEL)).toHaveLength(0);
});

it('when flagged cancelled says "Payment already cancelled" and goes to /dashboard after 2 s without a call', async () => {
  setPaymentFlag('cancelled', 'ORDER-1');
  const api = mockApi();
  renderCancel('/pay/cancel?token=ORDER-1');
  expect(screen.getByRole('heading', { name: M.alreadyCancelled })).toBeInTheDocument();
  expect(screen.getByText('Redirecting in 2 seconds')).toBeInTheDocument();
  await advance(1000);
  expect(probe.pathname).toBe('');
  await advance(1000);
  expect(probe.pathname).toBe('/dashboard');
  expect(api.callsTo(CANCEL)).toHaveLength(0);
});

it('cancels once with {order_id} after the CSRF call, flags it, and after 5 s shows the error-type message on /dashboard', async () => {
  const api = mockApi({ [CANCEL]: [200, { status: 'CANCELLED' }] });
  renderCancel('/pay/cancel?token=ORDER-1');
  expect(screen.getByRole('heading', { name: M.cancelling })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: M.cancelledTitle })).toBeInTheDocument();
  expect(screen.getByText(M.cancelledText)).toBeInTheDocument();
  expect(screen.getByText('Redirecting in 5 seconds')).toBeInTheDocument();
  const order = api.calls.map((call) => `${call.method} ${call.url}`);
  expect(order.indexOf('GET /api/auth/csrf/')).toBeLessThan(order.indexOf(CANCEL));
  expect(api.callsTo(CANCEL)).toHaveLength(1);
  expect(api.callsTo(CANCEL)[0]!.data).toEqual({ order_id: 'ORDER-1' });
  expect(hasPaymentFlag('cancelled', 'ORDER-1')).toBe(true);
  await advance(4000);
  expect(probe.pathname).toBe('');
  await advance(1000);
  expect(probe.pathname).toBe('/dashboard');
  expect(probe.state).toEqual({ message: M.cancelledBanner, messageType: 'error' });
});

it('on a 401 re-checks the session, says "Session expired. Redirecting..." and goes to /login after 2 s', async () => {
  const api = mockApi({ [CANCEL]: [401, { detail: 'Authentication credentials were not provided.' }] });
  renderCancel('/pay/cancel?token=ORDER-1');
  expect(await screen.findByRole('heading', { name: M.sessionExpiredTitle })).toBeInTheDocument();
  expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(1);
  expect(hasPaymentFlag('cancelled', 'ORDER-1')).toBe(false);
  await advance(1000);
  expect(probe.pathname).toBe('');
  await advance(1000);
  expect(probe.pathname).toBe('/login');
  expect(probe.state).toEqual({ message: M.sessionExpiredBanner });
});

it.each([
  ['a paid order (409)', [409, { detail: 'Payment already completed' }]],
  ['a server error', [500, { detail: 'Something went wrong on our side. Please try again later.' }]],
  ['no response', 'network-error'],
] as const)(
  'on %s shows "Payment Cancellation Failed" and goes to /dashboard after 5 s',
  async (_name, reply) => {
    mockApi({ [CANCEL]: reply as MockReply });
    renderCancel('/pay/cancel?token=ORDER-1');
    expect(await screen.findByRole('heading', { name: M.cancellationFailedTitle })).toBeInTheDocument();
    expect(screen.getByText(M.cancellationFailedText)).toBeInTheDocument();
    expect(hasPaymentFlag('cancelled', 'ORDER-1')).toBe(false);
    await advance(4000);
    expect(probe.pathname).toBe('');
    await advance(1000);
    expect(probe.pathname).toBe('/dashboard');
    expect(probe.state).toBeNull();
  },
);

it('inside the app: the dashboard shows "Payment cancelled successfully." in the error style', async () => {
  window.localStorage.setItem('threadcart.has-session', '1');
  mockApi({
    'GET /api/users/me/': [200, { user: TEST_USER }],
    [CANCEL]: [200, { status: 'CANCELLED' }],
  });
  renderApp('/paypal/cancel?token=ORDER-9');
  expect(await screen.findByRole('heading', { name: M.cancelledTitle })).toBeInTheDocument();
  await advance(5000);
  expect(currentLocation.pathname).toBe('/dashboard');
  const banner = await screen.findByText(M.cancelledBanner);
  expect(banner).toHaveAttribute('role', 'alert');
  expect(banner).toHaveClass('bg-danger-solid');
});
