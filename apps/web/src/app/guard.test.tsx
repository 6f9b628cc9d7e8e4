import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { apiClient } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { sessionHint, useSignOutMessage } from '../lib/session.tsx';
import { deferred, mockApi, type MockReply } from '../testing/mock-api.ts';
import { TEST_USER, currentLocation, renderApp } from '../testing/render-app.tsx';
import { RequireAuth } from './guard.tsx';
import { SuccessBanner } from './layout/success-banner.tsx';
import { AppProviders } from './providers.tsx';

const me = (): MockReply => (sessionHint.isSet() ? [200, { user: TEST_USER }] : [401, {}]);
const signedIn = () => {
  sessionHint.set();
  return { 'GET /api/users/me/': me };
};
const loginRoutes = {
  'GET /api/users/me/': me,
  'POST /api/auth/token/': (): MockReply => {
    sessionHint.set();
    return [200, { user: TEST_USER }];
  },
};

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Username'), 'alice_1');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('the access guard', () => {
  test.each([
    '/dashboard',
    '/dashboard/anything',
    '/order',
    '/credits',
    '/order-completed',
    '/pay/cancel',
    '/paypal/success',
  ])('sends a visitor from %s to /login with "Please log in to continue"', async (path) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByText('Please log in to continue')).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/login');
    await waitFor(() =>
      expect(currentLocation.state).toEqual({ from: { pathname: path, search: '', hash: '' } }),
    );
  });

  test('comes back to the origin after sign-in; a pay page keeps its token', async () => {
    mockApi(loginRoutes);
    const { user } = renderApp('/pay/success?token=ORDER-42');
    await screen.findByText('Please log in to continue');
    await signIn(user);
    await waitFor(() => expect(currentLocation.pathname).toBe('/pay/success'));
    expect(currentLocation.search).toBe('?token=ORDER-42');
    expect(screen.queryByRole('heading', { name: 'Log in' })).not.toBeInTheDocument();
  });

  test('the redirect replaces history (Back does not return to the guarded page)', async () => {
    mockApi(loginRoutes);
    const { user } = renderApp('/dashboard');
    await screen.findByText('Please log in to continue');
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    // /login was replaced by /dashboard, which replaced the guarded /dashboard entry: one entry in all.
    expect(window.history.length).toBeGreaterThanOrEqual(1);
    expect(currentLocation.pathname).toBe('/dashboard');
  });

  test.each([
    '/',
    '/home',
    '/pricing',
    '/terms',
    '/privacy',
    '/features',
    '/about',
    '/refund',
    '/login',
    '/signup',
    '/forgot-password',
  ])('%s is public', async (path) => {
    mockApi();
    renderApp(path);
    await waitFor(() => expect(screen.queryByRole('status', { name: '' })).toBeNull());
    await screen.findAllByRole('heading', { level: 1 });
    expect(currentLocation.pathname).toBe(path);
  });

  // Issue 33: /features, /about and /refund are pages now (the spec had them fall through); an unknown path still does.
  test('an unknown path falls through to /home', async () => {
    mockApi();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Unlock Reddit Data at Scale' })).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/home');
  });

  test('while the session loads nothing redirects; after 5 s loading ends and login says it timed out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionHint.set();
    const never = deferred<MockReply>();
    mockApi({ 'GET /api/users/me/': async () => never.promise });
    renderApp('/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(currentLocation.pathname).toBe('/dashboard');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByText('Authentication timed out. Please log in again.')).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/login');
  });

  test('signup shows "Loading" while the session loads', async () => {
    sessionHint.set();
    const reply = deferred<MockReply>();
    mockApi({ 'GET /api/users/me/': async () => reply.promise });
    renderApp('/signup');
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    reply.resolve([401, {}]);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  test('signed-in users are sent from /login and /signup to /dashboard', async () => {
    mockApi(signedIn());
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/dashboard');
  });

  test('a visitor never calls GET /api/users/me/ (no session hint), a signed-in browser checks on every route change', async () => {
    const visitor = mockApi();
    const first = renderApp('/');
    await screen.findByRole('heading', { name: 'Unlock Reddit Data at Scale' });
    expect(visitor.callsTo('GET /api/users/me/')).toHaveLength(0);
    first.unmount();

    const api = mockApi(signedIn());
    const { user } = renderApp('/home');
    await screen.findByRole('button', { name: 'Logout' });
    const before = api.callsTo('GET /api/users/me/').length;
    await user.click(screen.getAllByRole('link', { name: 'Pricing' })[0]!);
    await waitFor(() => expect(api.callsTo('GET /api/users/me/').length).toBe(before + 1));
    await user.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    await waitFor(() => expect(api.callsTo('GET /api/users/me/').length).toBe(before + 2));
  });

  test('an expired session found on a route change sends the user to /login', async () => {
    let isValid = true;
    const api = mockApi({
      'GET /api/users/me/': () => (isValid ? [200, { user: TEST_USER }] : [401, {}]),
      'POST /api/auth/token/refresh/': [401, {}],
    });
    sessionHint.set();
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'My Orders' });
    isValid = false;
    await user.click(screen.getAllByRole('link', { name: '1,000 credits' })[0]!);
    expect(await screen.findByText('Please log in to continue')).toBeInTheDocument();
    await waitFor(() =>
      expect(currentLocation.state).toEqual({ from: { pathname: '/credits', search: '', hash: '' } }),
    );
    expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(1);
    expect(sessionHint.isSet()).toBe(false);
  });
});

describe('logout', () => {
  test('goes to /login with "You have been logged out."', async () => {
    const api = mockApi({ ...signedIn(), 'POST /api/auth/logout/': [200, { detail: 'Logged out.' }] });
    const { user } = renderApp('/dashboard');
    const logoutButton = await screen.findByRole('button', { name: 'Logout' });
    const meChecks = api.callsTo('GET /api/users/me/').length;
    await user.click(logoutButton);
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/login');
    // The route change to /login does not ask the server about a session that has just ended.
    expect(api.callsTo('GET /api/users/me/')).toHaveLength(meChecks);
    expect(screen.queryByText('Please log in to continue')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/logout/')[0]?.headers['X-CSRFToken']).toBe('test-csrf-token');
    expect(sessionHint.isSet()).toBe(false);
  });

  test('still signs out when the server call fails, with "Session expired. Please log in again."', async () => {
    mockApi({ ...signedIn(), 'POST /api/auth/logout/': 'network-error' });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('useSignOutMessage', () => {
  test('a page can choose the message used when the session ends while it is shown', async () => {
    function Orders() {
      useSignOutMessage('Please log in to access the dashboard');
      return <button onClick={() => void apiClient.get('/api/orders/').catch(() => {})}>load</button>;
    }
    mockApi({ ...signedIn(), 'GET /api/orders/': [401, {}] });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/orders']}>
          <SuccessBanner />
          <Routes>
            <Route element={<RequireAuth />}>
              <Route path="/orders" element={<Orders />} />
            </Route>
            <Route path="/login" element={<Link to="/">login page</Link>} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'load' }));
    expect(await screen.findByText('Please log in to access the dashboard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'login page' })).toBeInTheDocument();
    expect(screen.queryByText('Please log in to continue')).not.toBeInTheDocument();
  });
});
