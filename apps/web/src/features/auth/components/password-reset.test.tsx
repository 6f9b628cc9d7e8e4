import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

const SENT = 'If an account exists for that email, a reset link has been sent.';

describe('forgot password', () => {
  test('validates the email, then shows the answer of the server', async () => {
    const api = mockApi({ 'POST /api/auth/password-reset/': [200, { detail: SENT }] });
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'bad');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password-reset/')[0]?.data).toEqual({ email: 'bad@example.com' });
  });

  test('shows throttling and network errors', async () => {
    mockApi({
      'POST /api/auth/password-reset/': [429, { detail: 'Too many attempts. Try again in 15 minutes.' }],
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
  });
});

describe('reset password', () => {
  test('without a token the link is reported invalid', async () => {
    mockApi();
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  });

  test('checks the password rules, sends the token and goes to /login with the message', async () => {
    const api = mockApi({
      'POST /api/auth/password-reset/confirm/': [
        200,
        { detail: 'Your password has been reset. Please log in.' },
      ],
    });
    const { user } = renderApp('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset. Please log in.')).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/login');
    expect(api.callsTo('POST /api/auth/password-reset/confirm/')[0]?.data).toEqual({
      token: 'abc123',
      password1: 'NewSecret1',
      password2: 'NewSecret1',
    });
  });

  test('an expired token shows the server message', async () => {
    mockApi({
      'POST /api/auth/password-reset/confirm/': [
        400,
        { token: ['This reset link is invalid or has expired.'] },
      ],
    });
    const { user } = renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
