import { screen, within } from '@testing-library/react';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { ROUTES, accountApi, openAccount, section } from '../testing/account-api.ts';

async function openPasswordForm(routes: Parameters<typeof accountApi>[0] = {}) {
  const api = accountApi(routes);
  const view = await openAccount();
  const form = within(section('Password'));
  const fields = {
    current: form.getByLabelText('Current password'),
    next: form.getByLabelText('New password'),
    confirm: form.getByLabelText('Confirm new password'),
    submit: form.getByRole('button', { name: 'Change password' }),
  };
  return { ...view, api, form, fields };
}

it('applies the sign-up rules as the user types and refuses to send until they pass', async () => {
  const { user, api, form, fields } = await openPasswordForm();
  await user.click(fields.submit);
  expect(form.getByText(M.currentPasswordRequired)).toBeInTheDocument();
  expect(form.getByText('Password is required')).toBeInTheDocument();
  expect(form.getByText('Please confirm your password')).toBeInTheDocument();
  expect(fields.current).toHaveFocus();
  await user.type(fields.next, 'short');
  expect(form.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  expect(
    form.getByText(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ),
  ).toBeInTheDocument();
  await user.type(fields.confirm, 'other');
  expect(form.getByText('Passwords must match')).toBeInTheDocument();
  await user.click(fields.submit);
  expect(api.callsTo(ROUTES.password)).toHaveLength(0);
});

it('sends the three fields with the CSRF header, says it worked and empties the form', async () => {
  const { user, api, form, fields } = await openPasswordForm({
    [ROUTES.password]: [200, { detail: M.passwordChanged, api_keys: [] }],
  });
  await user.type(fields.current, 'Secret123');
  await user.type(fields.next, 'NewSecret456');
  await user.type(fields.confirm, 'NewSecret456');
  await user.click(fields.submit);
  expect(await form.findByText(M.passwordChanged)).toBeInTheDocument();
  const [call] = api.callsTo(ROUTES.password);
  expect(call!.data).toEqual({
    current_password: 'Secret123',
    new_password1: 'NewSecret456',
    new_password2: 'NewSecret456',
  });
  expect(call!.headers['X-CSRFToken']).toBe('test-csrf-token');
  expect(fields.current).toHaveValue('');
  expect(fields.next).toHaveValue('');
});

it('a wrong current password shows the server’s message under that field', async () => {
  const { user, form, fields } = await openPasswordForm({
    [ROUTES.password]: [400, { current_password: [M.currentPasswordWrong] }],
  });
  await user.type(fields.current, 'Wrong1234');
  await user.type(fields.next, 'NewSecret456');
  await user.type(fields.confirm, 'NewSecret456');
  await user.click(fields.submit);
  expect(await form.findByText(M.currentPasswordWrong)).toBeInTheDocument();
  expect(fields.current).toHaveAttribute('aria-invalid', 'true');
  expect(fields.current).toHaveFocus();
  expect(screen.queryByText(M.passwordChanged)).not.toBeInTheDocument();
});

it('lists the API keys that still work after the change and revokes them all with one click', async () => {
  const { user, api, form, fields } = await openPasswordForm({
    [ROUTES.password]: [
      200,
      {
        detail: M.passwordChanged,
        api_keys: [
          {
            id: 'k1',
            name: 'Script',
            prefix: 'tc_ab12',
            created_at: '2026-11-20T10:00:00.000Z',
            last_used_at: null,
            scopes: ['read'],
          },
        ],
      },
    ],
    [ROUTES.revokeAllKeys]: [200, { detail: '1 API key was revoked.' }],
  });
  await user.type(fields.current, 'Secret123');
  await user.type(fields.next, 'NewSecret456');
  await user.type(fields.confirm, 'NewSecret456');
  await user.click(fields.submit);
  expect(await form.findByText(M.passwordChanged)).toBeInTheDocument();
  const notice = within(await screen.findByTestId('live-api-keys'));
  expect(notice.getByText(M.keysStillLive(1))).toBeInTheDocument();
  await user.click(notice.getByRole('button', { name: 'Revoke all API keys' }));
  await user.click(notice.getByRole('button', { name: 'Yes, revoke all' }));
  expect(await screen.findByText('1 API key was revoked.')).toBeInTheDocument();
  expect(api.callsTo(ROUTES.revokeAllKeys)).toHaveLength(1);
});
