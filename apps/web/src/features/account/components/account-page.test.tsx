import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { ACCOUNT_USER, ROUTES, accountApi, openAccount, section } from '../testing/account-api.ts';

it('is reached from the top navigation and shows every section', async () => {
  accountApi();
  const { user } = renderApp('/dashboard');
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(await within(nav).findByRole('link', { name: 'Account' }));
  await screen.findByRole('heading', { level: 1, name: 'Your account' }, { timeout: 10_000 });
  expect(currentLocation.pathname).toBe('/account');
  expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  for (const name of ['Profile', 'Password', 'API keys', 'Payments', 'Credits', 'Your data']) {
    expect(section(name)).toBeInTheDocument();
  }
  await waitFor(() => expect(document.title).toBe('Your Account | Threadcart'));
});

it('sends a visitor to /login', async () => {
  mockApi();
  renderApp('/account');
  await waitFor(() => expect(currentLocation.pathname).toBe('/login'));
});

describe('profile', () => {
  it('shows the username as fixed text, and the name and e-mail as fields', async () => {
    accountApi();
    await openAccount();
    const profile = section('Profile');
    expect(within(profile).getByTestId('username')).toHaveTextContent(ACCOUNT_USER.username);
    expect(within(profile).queryByRole('textbox', { name: 'Username' })).not.toBeInTheDocument();
    expect(within(profile).getByLabelText('Name')).toHaveValue('Alice Example');
    expect(within(profile).getByLabelText('Email')).toHaveValue('alice@example.com');
  });

  it('a new e-mail is sent alone and waits for its confirmation link', async () => {
    const api = accountApi({
      [ROUTES.updateMe]: [200, { user: { ...ACCOUNT_USER, pending_email: 'new@example.com' } }],
    });
    const { user } = await openAccount();
    const profile = section('Profile');
    const email = within(profile).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText(M.emailConfirmationSent('new@example.com'))).toBeInTheDocument();
    expect(api.callsTo(ROUTES.updateMe)[0]!.data).toEqual({ email: 'new@example.com' });
    expect(api.callsTo(ROUTES.updateMe)[0]!.headers['X-CSRFToken']).toBe('test-csrf-token');
    // The address in use stays until the link is followed.
    expect(email).toHaveValue('alice@example.com');
  });

  it('a new name is saved at once', async () => {
    const api = accountApi({
      [ROUTES.updateMe]: [200, { user: { ...ACCOUNT_USER, name: 'Alice B' } }],
    });
    const { user } = await openAccount();
    const profile = section('Profile');
    const name = within(profile).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Alice B');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText(M.profileSaved)).toBeInTheDocument();
    expect(api.callsTo(ROUTES.updateMe)[0]!.data).toEqual({ name: 'Alice B' });
    expect(name).toHaveValue('Alice B');
  });

  it('checks the e-mail first, and shows the server’s field error', async () => {
    const api = accountApi({
      [ROUTES.updateMe]: [400, { email: ['A user with that email already exists.'] }],
    });
    const { user } = await openAccount();
    const profile = section('Profile');
    const email = within(profile).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(within(profile).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.updateMe)).toHaveLength(0);
    await user.clear(email);
    await user.type(email, 'bob@example.com');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('A user with that email already exists.')).toBeInTheDocument();
  });

  it('a pending e-mail from an earlier change is shown', async () => {
    accountApi({ [ROUTES.me]: [200, { user: { ...ACCOUNT_USER, pending_email: 'later@example.com' } }] });
    await openAccount();
    expect(within(section('Profile')).getByText(M.emailPending('later@example.com'))).toBeInTheDocument();
  });
});
