import { validatePassword, validatePasswordConfirm } from '@threadcart/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { classifyError, firstFieldMessage, getDetail } from '../../../lib/api-error.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { AUTH_MESSAGES } from '../messages.ts';
import { AuthCard, linkClasses } from './auth-card.tsx';

type Errors = { password1?: string[]; password2?: string[] };

function validate(password1: string, password2: string): Errors {
  const errors: Errors = {};
  const first = validatePassword(password1);
  const second = validatePasswordConfirm(password1, password2);
  if (first.length > 0) errors.password1 = first;
  if (second.length > 0) errors.password2 = second;
  return errors;
}

/** Sets a new password with the token of the e-mailed link, then sends the user to sign in. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(
    token ? null : AUTH_MESSAGES.resetLinkInvalid,
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    setWasSubmitted(true);
    setGeneralError(null);
    const found = validate(password1, password2);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    confirm.mutate(
      { token, password1, password2 },
      {
        onSuccess: (detail) => navigate('/login', { replace: true, state: { message: detail } }),
        onError: (error) => {
          const failure = classifyError(error);
          if (failure.kind === 'no-response') return setGeneralError(AUTH_MESSAGES.noResponse);
          if (failure.kind === 'other')
            return setGeneralError(`${AUTH_MESSAGES.errorPrefix}${failure.message}`);
          const password = firstFieldMessage(failure.data, 'password');
          const passwordConfirm = firstFieldMessage(failure.data, 'password_confirm');
          setErrors({
            password1: password ? [password] : undefined,
            password2: passwordConfirm ? [passwordConfirm] : undefined,
          });
          const general = firstFieldMessage(failure.data, 'token') ?? getDetail(failure.data);
          if (general || (!password && !passwordConfirm)) {
            setGeneralError(general ?? `${AUTH_MESSAGES.errorPrefix}${failure.message}`);
          }
        },
      },
    );
  };

  const revalidate = (next1: string, next2: string) => {
    if (wasSubmitted) setErrors(validate(next1, next2));
  };

  return (
    <AuthCard title="Choose a new password" subtitle="The link in your email is valid for one hour.">
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label="Set a new password">
        <PasswordField
          label="New password"
          name="password1"
          autoComplete="new-password"
          value={password1}
          errors={errors.password1}
          disabled={!token}
          onChange={(event) => {
            setPassword1(event.target.value);
            revalidate(event.target.value, password2);
          }}
        />
        <PasswordField
          label="Confirm new password"
          name="password2"
          autoComplete="new-password"
          value={password2}
          errors={errors.password2}
          disabled={!token}
          onChange={(event) => {
            setPassword2(event.target.value);
            revalidate(password1, event.target.value);
          }}
        />
        {generalError && (
          <Alert tone="error">
            {generalError}{' '}
            <Link to="/forgot-password" className="underline">
              Request a new link
            </Link>
          </Alert>
        )}
        <Button type="submit" fullWidth size="lg" isLoading={confirm.isPending} disabled={!token}>
          {confirm.isPending ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-text-secondary">
        <Link to="/login" className={linkClasses}>
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}
