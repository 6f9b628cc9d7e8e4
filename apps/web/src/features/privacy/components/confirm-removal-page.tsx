import { REMOVAL_MESSAGES } from '@threadcart/contracts';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { classifyError, getDetail } from '../../../lib/api-error.ts';
import { useConfirmRemovalRequest } from '../api/confirm-removal-request.ts';

function errorMessage(error: unknown): string {
  const failure = classifyError(error);
  if (failure.kind === 'response') return getDetail(failure.data) ?? REMOVAL_MESSAGES.tokenInvalid;
  if (failure.kind === 'no-response') return 'The server did not answer; open the link again.';
  return failure.message;
}

/** The page the removal request's mailed link opens: it confirms the request once and says what comes next. */
export function ConfirmRemovalPage({ token }: { token: string | null }) {
  const confirm = useConfirmRemovalRequest();
  const hasSent = useRef(false);

  useEffect(() => {
    if (!token || hasSent.current) return;
    hasSent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  return (
    <Container className="max-w-2xl py-12">
      <h1 className="mb-6 text-3xl font-bold text-text-primary">Confirm your removal request</h1>
      {!token && <Alert tone="error">{REMOVAL_MESSAGES.tokenInvalid}</Alert>}
      {token && (confirm.isPending || confirm.isIdle) && <PageLoading label="Confirming your request" />}
      {confirm.isSuccess && <Alert tone="success">{confirm.data}</Alert>}
      {confirm.isError && <Alert tone="error">{errorMessage(confirm.error)}</Alert>}
    </Container>
  );
}
