import { AccountPage } from '../../features/account/components/account-page.tsx';

/** Your account (issue 17): profile, password, API keys, payments, credits, your data. */
export default function AccountRoute() {
  return <AccountPage />;
}
