import { EMAIL_MESSAGES } from '@threadcart/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { classifyError, firstFieldMessage, getDetail } from '../../../lib/api-error.ts';
import { useInvalidateMe, useSession } from '../../../lib/session.tsx';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { AUTH_MESSAGES } from '../messages.ts';
import { AuthCard } from './auth-card.tsx';

function errorMessage(error: unknown): string {
  const failure = classifyError(error);
  if (failure.kind === 'no-response') return AUTH_MESSAGES.noResponse;
  if (failure.kind === 'other') return `${AUTH_MESSAGES.errorPrefix}${failure.message}`;
  return firstFieldMessage(failure.data, 'email') ?? getDetail(failure.data) ?? EMAIL_MESSAGES.invalidLink;
}

/** The page the confirmation link opens: it confirms once, then says what happened and where to go next. */
export function ConfirmEmailPage({ token }: { token: string | null }) {
  const confirm = useConfirmEmail();
  const invalidateMe = useInvalidateMe();
  const { isAuthenticated } = useSession();
  const hasSent = useRef(false);

  useEffect(() => {
    // Once per page (React's development double effects included): a link is single use.
    if (!token || hasSent.current) return;
    hasSent.current = true;
    confirm.mutate(token, { onSuccess: () => void invalidateMe() });
  }, [token, confirm, invalidateMe]);

  const next = isAuthenticated ? (
    <Link to="/dashboard" className={buttonClasses()}>
      Go to your dashboard
    </Link>
  ) : (
    <Link to="/login" className={buttonClasses()}>
      Log in to your account
    </Link>
  );

  return (
    <AuthCard title="Confirm your e-mail address">
      <div className="space-y-4">
        {!token && <Alert tone="error">{EMAIL_MESSAGES.invalidLink}</Alert>}
        {token && (confirm.isPending || confirm.isIdle) && <PageLoading label={EMAIL_MESSAGES.confirming} />}
        {confirm.isSuccess && <Alert tone="success">{confirm.data.detail}</Alert>}
        {confirm.isError && <Alert tone="error">{errorMessage(confirm.error)}</Alert>}
        {(confirm.isSuccess || confirm.isError || !token) && next}
      </div>
    </AuthCard>
  );
}
