import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useCredits } from '../api/get-credits.ts';
import { useCaptureOnReturn } from '../hooks/use-capture-on-return.ts';
import { CREDITS_MESSAGES } from '../messages.ts';
import { BuyCreditsForm } from './buy-credits-form.tsx';
import { CreditBalance } from './credit-balance.tsx';

/** Purchase Credits (/credits): the balance with its lots, a custom purchase, and the return from PayPal. */
export function CreditsPage() {
  const { user } = useSession();
  const { data } = useCredits();
  const returned = useCaptureOnReturn();
  const credits = data?.credits ?? user?.credits;

  return (
    <Container className="max-w-5xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-text-primary">Purchase Credits</h1>
      <p className="mt-2 text-text-secondary">
        Buy any amount from 1 credit; larger packages are on the{' '}
        <Link to="/pricing" className="font-medium text-secondary-dark underline">
          pricing page
        </Link>
        .
      </p>
      <div className="mt-6 space-y-3 empty:hidden">
        {returned.kind === 'capturing' && <Alert tone="info">{CREDITS_MESSAGES.confirming}</Alert>}
        {returned.kind === 'success' && <Alert tone="success">{returned.message}</Alert>}
        {returned.kind === 'error' && <Alert tone="error">{returned.message}</Alert>}
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <CreditBalance credits={credits} lots={data?.lots ?? []} />
        <BuyCreditsForm isDisabled={returned.kind === 'capturing'} />
      </div>
    </Container>
  );
}
