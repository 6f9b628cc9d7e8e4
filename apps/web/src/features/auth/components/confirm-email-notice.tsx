import { EMAIL_MESSAGES } from '@threadcart/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { classifyError, getDetail } from '../../../lib/api-error.ts';
import type { SessionUser } from '../../../lib/session.tsx';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { AUTH_MESSAGES } from '../messages.ts';

function errorMessage(error: unknown): string {
  const failure = classifyError(error);
  if (failure.kind === 'no-response') return AUTH_MESSAGES.noResponse;
  if (failure.kind === 'other') return `${AUTH_MESSAGES.errorPrefix}${failure.message}`;
  return getDetail(failure.data) ?? `${AUTH_MESSAGES.errorPrefix}${failure.message}`;
}

/** Until the address is confirmed: how to get the sign-up gift, and a way to have the link sent again. */
export function ConfirmEmailNotice({ user }: { user: SessionUser | null }) {
  const resend = useResendConfirmation();
  if (!user || user.email_confirmed !== false || !user.email) return null;
  return (
    <Alert tone="info" className="flex flex-wrap items-center justify-between gap-3">
      <span>
        {resend.isSuccess
          ? resend.data
          : resend.isError
            ? errorMessage(resend.error)
            : EMAIL_MESSAGES.confirmToReceiveGift(user.email)}
      </span>
      <Button variant="outline" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {EMAIL_MESSAGES.resend}
      </Button>
    </Alert>
  );
}
