import { validateLogin } from '@threadcart/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { originPath, type NavigationState } from '../../../lib/navigation-state.ts';
import { SESSION_MESSAGES } from '../../../lib/session-messages.ts';
import { getLoginErrorMessage } from '../api/auth-errors.ts';
import { useLogin } from '../api/login.ts';
import { AUTH_MESSAGES } from '../messages.ts';
import { AuthCard, Divider, linkClasses } from './auth-card.tsx';

type Values = { username: string; password: string };
type Errors = ReturnType<typeof validateLogin>;

/** Sign-in: validated on submit, then on every change; goes back to the origin afterwards (docs/product.md §2.7). */
export function LoginForm({ from, hasTimedOut }: { from?: NavigationState['from']; hasTimedOut: boolean }) {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const isSubmitting = loginMutation.isPending;

  const handleChange = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (wasSubmitted) setErrors(validateLogin(next));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWasSubmitted(true);
    setServerError(null);
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    loginMutation.mutate(values, {
      onSuccess: () => navigate(originPath(from) ?? '/dashboard', { replace: true }),
      onError: (error) => setServerError(getLoginErrorMessage(error)),
    });
  };

  return (
    <AuthCard title="Log in" subtitle="Welcome back! Sign in to your Threadcart account.">
      {hasTimedOut && (
        <Alert tone="warning" className="mb-4">
          {SESSION_MESSAGES.authTimedOut}
        </Alert>
      )}
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label="Log in">
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          errors={errors.username ? [errors.username] : undefined}
          onChange={(event) => handleChange('username')(event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          errors={errors.password ? [errors.password] : undefined}
          onChange={(event) => handleChange('password')(event.target.value)}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" state={{ from }} className={`text-sm ${linkClasses}`}>
            Forgot password?
          </Link>
        </div>
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <Button type="submit" fullWidth size="lg" isLoading={isSubmitting}>
          {isSubmitting ? AUTH_MESSAGES.signingIn : 'Log In'}
        </Button>
      </form>
      <Divider label="or" />
      <p className="text-center text-sm text-text-secondary">
        Don&apos;t have an account?{' '}
        <Link to="/signup" state={{ from }} className={linkClasses}>
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
