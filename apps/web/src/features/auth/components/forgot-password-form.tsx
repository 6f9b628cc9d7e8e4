import { validateEmail } from '@threadcart/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { classifyError, firstFieldMessage, getDetail } from '../../../lib/api-error.ts';
import type { NavigationState } from '../../../lib/navigation-state.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AUTH_MESSAGES } from '../messages.ts';
import { AuthCard, linkClasses } from './auth-card.tsx';

function describeResetRequestError(error: unknown): { field?: string; general?: string } {
  const failure = classifyError(error);
  if (failure.kind === 'no-response') return { general: AUTH_MESSAGES.noResponse };
  if (failure.kind === 'response') {
    const field = firstFieldMessage(failure.data, 'email');
    if (field) return { field };
    return { general: getDetail(failure.data) ?? `${AUTH_MESSAGES.errorPrefix}${failure.message}` };
  }
  return { general: `${AUTH_MESSAGES.errorPrefix}${failure.message}` };
}

/** Asks for a password-reset link (docs/product.md §3.8); the answer never says whether the address exists. */
export function ForgotPasswordForm({ from }: { from?: NavigationState['from'] }) {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWasSubmitted(true);
    setGeneralError(null);
    const found = validateEmail(email);
    setErrors(found);
    if (found.length > 0) return;
    request.mutate(email.trim(), {
      onSuccess: (detail) => setSentMessage(detail),
      onError: (error) => {
        const described = describeResetRequestError(error);
        if (described.field) setErrors([described.field]);
        setGeneralError(described.general ?? null);
      },
    });
  };

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we will send you a reset link.">
      {sentMessage ? (
        <Alert tone="success">{sentMessage}</Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label="Request a reset link">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            errors={errors}
            onChange={(event) => {
              setEmail(event.target.value);
              if (wasSubmitted) setErrors(validateEmail(event.target.value));
            }}
          />
          {generalError && <Alert tone="error">{generalError}</Alert>}
          <Button type="submit" fullWidth size="lg" isLoading={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-text-secondary">
        Remembered it?{' '}
        <Link to="/login" state={{ from }} className={linkClasses}>
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}
