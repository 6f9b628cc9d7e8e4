import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { sessionHint } from '../../../lib/session.tsx';
import { deferred, mockApi, type MockReply } from '../../../testing/mock-api.ts';
import { TEST_USER, currentLocation, renderApp } from '../../../testing/render-app.tsx';

const username = () => screen.getByLabelText('Username');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Log In' });

function signedInAfterLogin() {
  return {
    'POST /api/auth/token/': (): MockReply => {
      sessionHint.set();
      return [200, { user: TEST_USER }];
    },
    'GET /api/users/me/': (): MockReply => (sessionHint.isSet() ? [200, { user: TEST_USER }] : [401, {}]),
  };
}

describe('login', () => {
  test('validates on submit first, then on every change', async () => {
    const api = mockApi();
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'a');
    await user.clear(username());
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();

    await user.click(submit());
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/token/')).toHaveLength(0);

    await user.type(username(), 'alice');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(password(), 'x');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  test('the password can be shown and hidden', async () => {
    mockApi();
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Password'), 'Secret123');
    expect(password()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  test('reads "Signing in..." while submitting, then goes to /dashboard', async () => {
    const reply = deferred<MockReply>();
    const routes = signedInAfterLogin();
    const api = mockApi({
      ...routes,
      'POST /api/auth/token/': async () => {
        const answer = await reply.promise;
        sessionHint.set();
        return answer;
      },
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'alice_1');
    await user.type(password(), 'Secret123');
    await user.click(submit());
    const busy = screen.getByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    reply.resolve([200, { user: TEST_USER }]);
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/dashboard');
    expect(api.callsTo('POST /api/auth/token/')[0]?.data).toEqual({
      username: 'alice_1',
      password: 'Secret123',
    });
  });

  test('goes back to the origin location, query included', async () => {
    mockApi(signedInAfterLogin());
    const { user } = renderApp({
      pathname: '/login',
      state: { from: { pathname: '/pay/success', search: '?token=ORDER1', hash: '' } },
    });
    await user.type(await screen.findByLabelText('Username'), 'alice_1');
    await user.type(password(), 'Secret123');
    await user.click(submit());
    await waitFor(() => expect(currentLocation.pathname).toBe('/pay/success'));
    expect(currentLocation.search).toBe('?token=ORDER1');
  });

  test.each([
    [
      [401, { detail: 'No active account found with the given credentials' }],
      'Invalid username or password. Please try again.',
    ],
    ['network-error', 'No response from server. Please check your connection and try again.'],
    [[200, { detail: 'ok' }], 'Login succeeded but user data was not provided by the server.'],
    [
      [429, { detail: 'Too many attempts. Try again in 15 minutes.' }],
      'Too many attempts. Try again in 15 minutes.',
    ],
  ] as Array<[MockReply, string]>)('shows the docs/product.md §10.3 text for %j', async (reply, message) => {
    const api = mockApi({ 'POST /api/auth/token/': reply });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'alice_1');
    await user.type(password(), 'wrong-Pass1');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(0);
    expect(api.callsTo('POST /api/auth/token/')).toHaveLength(1);
  });

  test('the error is cleared before each attempt', async () => {
    let attempt = 0;
    const reply = deferred<MockReply>();
    mockApi({
      'POST /api/auth/token/': async () => {
        attempt += 1;
        return attempt === 1
          ? [401, { detail: 'No active account found with the given credentials' }]
          : reply.promise;
      },
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'alice_1');
    await user.type(password(), 'wrong-Pass1');
    await user.click(submit());
    await screen.findByText('Invalid username or password. Please try again.');
    await user.click(submit());
    expect(screen.queryByText('Invalid username or password. Please try again.')).not.toBeInTheDocument();
    reply.resolve('network-error');
    await screen.findByText('No response from server. Please check your connection and try again.');
  });

  test('links to sign-up and the reset page, passing the origin on', async () => {
    mockApi();
    const from = { pathname: '/credits', search: '', hash: '' };
    const { user } = renderApp({ pathname: '/login', state: { from } });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(currentLocation.pathname).toBe('/signup');
    expect(currentLocation.state).toEqual({ from });
  });
});
