import { screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@threadcart/contracts';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { ROUTES, accountApi, openAccount, section } from '../testing/account-api.ts';
import { curlCommand } from './curl-example.tsx';

const KEY: ApiKey = {
  id: 'key-1',
  name: 'Research script',
  prefix: 'tc_ab12',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
  scopes: ['read', 'orders'],
};

it('creates a named key, shows it once with a copy button, the warning and a curl example using it', async () => {
  let keys: ApiKey[] = [];
  const api = accountApi({
    [ROUTES.keys]: () => [200, { keys }],
    [ROUTES.createKey]: () => {
      keys = [KEY];
      return [201, { ...KEY, key: 'tc_ab12.secret-part' }];
    },
  });
  const { user } = await openAccount();
  const panel = within(section('API keys'));
  expect(await panel.findByText(M.noKeys)).toBeInTheDocument();
  await user.click(panel.getByRole('button', { name: 'Create key' }));
  expect(panel.getByText(M.keyNameRequired)).toBeInTheDocument();
  expect(api.callsTo(ROUTES.createKey)).toHaveLength(0);

  await user.type(panel.getByLabelText('Key name'), 'Research script');
  await user.click(panel.getByRole('button', { name: 'Create key' }));
  const notice = within(await panel.findByTestId('new-api-key'));
  expect(notice.getByText('tc_ab12.secret-part')).toBeInTheDocument();
  expect(notice.getByText(M.keyShownOnce)).toBeInTheDocument();
  expect(api.callsTo(ROUTES.createKey)[0]!.data).toEqual({
    name: 'Research script',
    scopes: ['read', 'orders'],
  });
  expect(panel.getByTestId('curl-example')).toHaveTextContent(
    curlCommand('tc_ab12.secret-part', window.location.origin),
  );
  expect(panel.getByTestId('curl-example')).toHaveTextContent('Authorization: Token tc_ab12.secret-part');

  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  await user.click(notice.getByRole('button', { name: 'Copy key' }));
  expect(writeText).toHaveBeenCalledWith('tc_ab12.secret-part');
  expect(await notice.findByRole('button', { name: M.keyCopied })).toBeInTheDocument();

  // Listed by prefix; once dismissed the key itself is gone from the page.
  const table = within(await panel.findByRole('table', { name: 'API keys' }));
  expect(table.getByText('tc_ab12…')).toBeInTheDocument();
  expect(table.getByText('Never')).toBeInTheDocument();
  await user.click(notice.getByRole('button', { name: 'I have copied it' }));
  expect(screen.queryByText('tc_ab12.secret-part')).not.toBeInTheDocument();
  expect(panel.getByTestId('curl-example')).toHaveTextContent('Authorization: Token <your key>');
});

it('revokes a key only after confirming', async () => {
  let keys: ApiKey[] = [{ ...KEY, last_used_at: '2026-11-23T12:00:00.000Z' }];
  const api = accountApi({
    [ROUTES.keys]: () => [200, { keys }],
    [ROUTES.revokeKey('key-1')]: () => {
      keys = [];
      return [204];
    },
  });
  const { user } = await openAccount();
  const panel = within(section('API keys'));
  const table = within(await panel.findByRole('table', { name: 'API keys' }));
  expect(table.getByText(new Date('2026-11-23T12:00:00.000Z').toLocaleString())).toBeInTheDocument();
  await user.click(table.getByRole('button', { name: 'Revoke Research script' }));
  expect(table.getByText(M.revokeQuestion)).toBeInTheDocument();
  await user.click(table.getByRole('button', { name: 'Cancel' }));
  expect(api.callsTo(ROUTES.revokeKey('key-1'))).toHaveLength(0);

  await user.click(table.getByRole('button', { name: 'Revoke Research script' }));
  await user.click(table.getByRole('button', { name: 'Yes, revoke' }));
  expect(await panel.findByText(M.noKeys)).toBeInTheDocument();
  await waitFor(() => expect(api.callsTo(ROUTES.revokeKey('key-1'))).toHaveLength(1));
  expect(api.callsTo(ROUTES.revokeKey('key-1'))[0]!.headers['X-CSRFToken']).toBe('test-csrf-token');
});

it('creates a key with the scopes chosen, lists them, and refuses none', async () => {
  let keys: ApiKey[] = [];
  const api = accountApi({
    [ROUTES.keys]: () => [200, { keys }],
    [ROUTES.createKey]: () => {
      keys = [{ ...KEY, scopes: ['read'] }];
      return [201, { ...keys[0], key: 'tc_ab12.secret-part' }];
    },
  });
  const { user } = await openAccount();
  const panel = within(section('API keys'));
  await user.type(await panel.findByLabelText('Key name'), 'Reader');
  await user.click(panel.getByLabelText(M.scopeOrders));
  await user.click(panel.getByLabelText(M.scopeRead));
  await user.click(panel.getByRole('button', { name: 'Create key' }));
  expect(panel.getByText(M.scopesRequired)).toBeInTheDocument();
  expect(api.callsTo(ROUTES.createKey)).toHaveLength(0);

  await user.click(panel.getByLabelText(M.scopeRead));
  await user.click(panel.getByRole('button', { name: 'Create key' }));
  await panel.findByTestId('new-api-key');
  expect(api.callsTo(ROUTES.createKey)[0]!.data).toEqual({ name: 'Reader', scopes: ['read'] });
  const table = within(await panel.findByRole('table', { name: 'API keys' }));
  expect(table.getByText('read')).toBeInTheDocument();
});

it('asks for the password when the server wants it again, then creates the key', async () => {
  let isProved = false;
  const api = accountApi({
    [ROUTES.keys]: () => [200, { keys: [] }],
    [ROUTES.reauthenticate]: (request) => {
      if ((request.data as { password: string }).password !== 'Secret123') {
        return [400, { password: ['This password is incorrect.'] }];
      }
      isProved = true;
      return [200, { detail: 'Thank you. You can continue.' }];
    },
    [ROUTES.createKey]: () =>
      isProved
        ? [201, { ...KEY, key: 'tc_ab12.secret-part' }]
        : [403, { detail: 'Enter your password again to continue.', code: 'reauthentication_required' }],
  });
  const { user } = await openAccount();
  const panel = within(section('API keys'));
  await user.type(await panel.findByLabelText('Key name'), 'Research script');
  await user.click(panel.getByRole('button', { name: 'Create key' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
  await user.type(dialog.getByLabelText('Your password'), 'wrong');
  await user.click(dialog.getByRole('button', { name: 'Continue' }));
  expect(await dialog.findByText('This password is incorrect.')).toBeInTheDocument();
  await user.clear(dialog.getByLabelText('Your password'));
  await user.type(dialog.getByLabelText('Your password'), 'Secret123');
  await user.click(dialog.getByRole('button', { name: 'Continue' }));
  expect(await panel.findByTestId('new-api-key')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.callsTo(ROUTES.createKey)).toHaveLength(2);
});
