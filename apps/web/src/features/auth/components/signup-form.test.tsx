import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { deferred, mockApi, type MockReply } from '../../../testing/mock-api.ts';
import { TEST_USER, currentLocation, renderApp } from '../../../testing/render-app.tsx';

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Create Account' });

async function openSignup(entry: Parameters<typeof renderApp>[0] = '/signup') {
  const rendered = renderApp(entry);
  await screen.findByRole('heading', { name: 'Create your account' }, { timeout: 10_000 });
  return rendered;
}

async function fillValid(user: ReturnType<typeof renderApp>['user']) {
  await user.type(field('Username'), 'new_user');
  await user.type(field('Email'), 'new@example.com');
  await user.type(field('Password'), 'Secret123');
  await user.type(field('Confirm password'), 'Secret123');
  await user.click(screen.getByRole('checkbox'));
}

describe('signup', () => {
  test('checks every username rule on change', async () => {
    mockApi();
    const { user } = await openSignup();
    await user.type(field('Username'), 'a!');
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(
      screen.getByText('Username can only contain letters, numbers, and underscores'),
    ).toBeInTheDocument();
    await user.clear(field('Username'));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    await user.type(field('Username'), 'x'.repeat(31));
    expect(screen.getByText('Username must not exceed 30 characters')).toBeInTheDocument();
    await user.clear(field('Username'));
    await user.type(field('Username'), 'good_name_1');
    expect(field('Username')).not.toHaveAttribute('aria-invalid');
  });

  test('checks the email and password rules on change', async () => {
    mockApi();
    const { user } = await openSignup();
    await user.type(field('Email'), 'not-an-email');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.clear(field('Email'));
    expect(screen.getByText('Email is required')).toBeInTheDocument();

    await user.type(field('Password'), 'abc');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeInTheDocument();
    await user.clear(field('Password'));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(field('Password'), 'Secret123');
    expect(field('Password')).not.toHaveAttribute('aria-invalid');

    await user.type(field('Confirm password'), 'Secret12');
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    await user.type(field('Confirm password'), '3');
    expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument();
    await user.type(field('Password'), '4');
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    await user.clear(field('Confirm password'));
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
  });

  test('submit checks every field, the terms included, and sends nothing', async () => {
    const api = mockApi();
    const { user } = await openSignup();
    await user.click(submit());
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByText('You must accept the terms and conditions')).toBeInTheDocument();
    expect(field('Username')).toHaveFocus();
    expect(api.callsTo('POST /api/auth/signup/')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox'));
    expect(screen.queryByText('You must accept the terms and conditions')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByText('You must accept the terms and conditions')).toBeInTheDocument();
  });

  test('the terms checkbox links to the terms and the privacy policy', async () => {
    mockApi();
    await openSignup();
    const label = screen.getByText(/I agree to the/);
    expect(within(label).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(label).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  test('shows no social sign-in buttons until they work (issue 33)', async () => {
    mockApi();
    await openSignup();
    expect(screen.queryAllByRole('button', { name: /Continue with/ })).toHaveLength(0);
  });

  test('reads "Creating account..." and on success goes to /login with the message, origin kept', async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({ 'POST /api/auth/signup/': async () => reply.promise });
    const from = { pathname: '/credits', search: '', hash: '' };
    const { user } = await openSignup({ pathname: '/signup', state: { from } });
    await fillValid(user);
    await user.click(submit());
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(api.callsTo('POST /api/auth/signup/')[0]?.data).toEqual({
      username: 'new_user',
      email: 'new@example.com',
      password1: 'Secret123',
      password2: 'Secret123',
      name: 'new_user',
    });
    reply.resolve([201, { user: TEST_USER }]);
    expect(
      await screen.findByText('Registration successful! Please log in with your new account.'),
    ).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/login');
    // The banner takes the message out of the state (a reload must not show it again); the origin stays.
    await waitFor(() => expect(currentLocation.state).toEqual({ from }));
  });

  test('shows the first server error in the order of docs/product.md §10.4', async () => {
    mockApi({
      'POST /api/auth/signup/': [
        400,
        {
          email: ['A user with that email already exists.'],
          username: ['A user with that username already exists.'],
        },
      ],
    });
    const { user } = await openSignup();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Username: A user with that username already exists.',
    );
  });

  test('a network failure shows the no-response text', async () => {
    mockApi({ 'POST /api/auth/signup/': 'network-error' });
    const { user } = await openSignup();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No response from server. Please check your connection and try again.',
    );
  });

  test('links back to /login with the origin', async () => {
    mockApi();
    const from = { pathname: '/order', search: '', hash: '' };
    const { user } = await openSignup({ pathname: '/signup', state: { from } });
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(currentLocation.pathname).toBe('/login');
    expect(currentLocation.state).toEqual({ from });
  });
});
