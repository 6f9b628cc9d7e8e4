import { screen, waitFor, within } from '@testing-library/react';
import type { DataExport } from '@threadcart/contracts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { sessionHint } from '../../../lib/session.tsx';
import { currentLocation } from '../../../testing/render-app.tsx';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import {
  ACCOUNT_USER,
  ROUTES,
  accountApi,
  dataExport,
  openAccount,
  section,
} from '../testing/account-api.ts';

vi.mock('../../../lib/save-blob.ts', () => ({ saveBlob: vi.fn() }));

const DOWNLOAD = '/api/users/me/export/export-1/download/';

describe('download my data', () => {
  it('asks for an export, follows it until ready and downloads the ZIP through the API client', async () => {
    let exports: DataExport[] = [];
    let reads = 0;
    const api = accountApi({
      [ROUTES.exports]: () => {
        reads += 1;
        // Ready on the second read after the request.
        if (exports.length > 0 && reads >= 3) {
          exports = [
            dataExport({
              state: 'ready',
              completed_at: '2026-11-24T08:01:00.000Z',
              expires_at: '2026-12-24T08:01:00.000Z',
              file_size: 2048,
              download_url: DOWNLOAD,
            }),
          ];
        }
        return [200, { exports }];
      },
      [ROUTES.requestExport]: () => {
        exports = [dataExport()];
        return [202, { export: exports[0] }];
      },
      [`GET ${DOWNLOAD}`]: [200, 'zip-bytes'],
    });
    const { user } = await openAccount();
    const data = within(section('Your data'));
    await user.click(data.getByRole('button', { name: 'Download my data' }));
    expect(await data.findByText(M.exportPreparing)).toBeInTheDocument();
    expect(data.getByRole('button', { name: 'Download my data' })).toBeDisabled();
    expect(api.callsTo(ROUTES.requestExport)[0]!.headers['X-CSRFToken']).toBe('test-csrf-token');

    const link = await data.findByRole('link', { name: 'Download ZIP' }, { timeout: 8_000 });
    expect(data.getByText(M.exportReady)).toBeInTheDocument();
    expect(link).toHaveAttribute('href', DOWNLOAD);
    expect(data.getByText('2.0 KB')).toBeInTheDocument();
    expect(data.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    await user.click(link);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith('zip-bytes', 'threadcart-data-2026-11-24.zip'));
    expect(api.callsTo(`GET ${DOWNLOAD}`)[0]!.config.responseType).toBe('blob');
  });

  it('shows the server’s reason when an export is refused', async () => {
    accountApi({
      [ROUTES.exports]: [200, { exports: [dataExport({ state: 'failed' })] }],
      [ROUTES.requestExport]: [409, { detail: M.exportTooSoon }],
    });
    const { user } = await openAccount();
    const data = within(section('Your data'));
    expect(await data.findByText(M.exportFailed)).toBeInTheDocument();
    await user.click(data.getByRole('button', { name: 'Download my data' }));
    expect(await data.findByText(M.exportTooSoon)).toBeInTheDocument();
  });
});

describe('delete my account', () => {
  async function openDeleteForm(routes: Parameters<typeof accountApi>[0] = {}) {
    const api = accountApi(routes);
    const view = await openAccount();
    const data = within(section('Your data'));
    await view.user.click(data.getByRole('button', { name: 'Delete my account' }));
    const form = within(data.getByRole('form', { name: 'Delete account' }));
    return {
      ...view,
      api,
      form,
      password: form.getByLabelText('Your password'),
      confirm: form.getByLabelText(M.deleteConfirmLabel),
      submit: form.getByRole('button', { name: 'Delete my account permanently' }),
    };
  }

  it('asks for the password and the word DELETE before sending anything', async () => {
    const { user, api, form, confirm, submit } = await openDeleteForm();
    await user.click(submit);
    expect(form.getByText(M.deletePasswordRequired)).toBeInTheDocument();
    expect(form.getByText(M.deleteConfirmRequired)).toBeInTheDocument();
    await user.type(confirm, 'delete');
    await user.click(submit);
    expect(form.getByText(M.deleteConfirmRequired)).toBeInTheDocument();
    expect(api.callsTo(ROUTES.deleteAccount)).toHaveLength(0);
  });

  it('a wrong password is shown under the field and the user stays', async () => {
    const { user, form, password, confirm, submit } = await openDeleteForm({
      [ROUTES.deleteAccount]: [400, { password: [M.deletePasswordWrong] }],
    });
    await user.type(password, 'Wrong1234');
    await user.type(confirm, 'DELETE');
    await user.click(submit);
    expect(await form.findByText(M.deletePasswordWrong)).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/account');
  });

  it('on success signs the user out and goes to the home page with a message', async () => {
    let isDeleted = false;
    const { user, api, password, confirm, submit } = await openDeleteForm({
      [ROUTES.me]: () => (isDeleted ? [401, {}] : [200, { user: ACCOUNT_USER }]),
      [ROUTES.deleteAccount]: () => {
        isDeleted = true;
        return [204];
      },
    });
    await user.type(password, 'Secret123');
    await user.type(confirm, 'DELETE');
    await user.click(submit);
    await waitFor(() => expect(currentLocation.pathname).toBe('/home'));
    expect(api.callsTo(ROUTES.deleteAccount)[0]!.data).toEqual({ password: 'Secret123', confirm: 'DELETE' });
    expect(api.callsTo(ROUTES.deleteAccount)[0]!.headers['X-CSRFToken']).toBe('test-csrf-token');
    expect(await screen.findByText(M.accountDeleted)).toBeInTheDocument();
    expect(sessionHint.isSet()).toBe(false);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
    expect(within(nav).getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
  });
});
