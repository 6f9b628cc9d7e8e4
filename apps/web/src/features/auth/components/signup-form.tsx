import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { NavigationState } from '../../../lib/navigation-state.ts';
import { getSignupErrorMessage } from '../api/auth-errors.ts';
import { useSignup } from '../api/signup.ts';
import { AUTH_MESSAGES } from '../messages.ts';
import {
  validateSignupField,
  validateSignupForm,
  type SignupField,
  type SignupFormErrors,
  type SignupValues,
} from '../signup-rules.ts';
import { AuthCard, linkClasses } from './auth-card.tsx';

const EMPTY: SignupValues = { username: '', email: '', password1: '', password2: '', terms: false };
const FIELD_ORDER: readonly SignupField[] = ['username', 'email', 'password1', 'password2', 'terms'];

/** Create account: every rule of docs/product.md §3.1 is checked on change and again on submit. */
export function SignupForm({ from }: { from?: NavigationState['from'] }) {
  const navigate = useNavigate();
  const signupMutation = useSignup();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<SignupFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const isSubmitting = signupMutation.isPending;

  function update<K extends SignupField>(field: K, value: SignupValues[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    const changed: SignupFormErrors = { [field]: validateSignupField(field, next) };
    // The confirmation depends on the password, so it is re-checked once it has been typed.
    if (field === 'password1' && next.password2 !== '')
      changed.password2 = validateSignupField('password2', next);
    setErrors((current) => ({ ...current, ...changed }));
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const found = validateSignupForm(values);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((field) => (found[field]?.length ?? 0) > 0);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const { terms: _terms, ...body } = values;
    signupMutation.mutate(body, {
      onSuccess: () =>
        navigate('/login', { replace: true, state: { message: AUTH_MESSAGES.registrationSuccessful, from } }),
      onError: (error) => setServerError(getSignupErrorMessage(error)),
    });
  };

  return (
    <AuthCard title="Create your account" subtitle="Start with 1,000 free credits. No card needed.">
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-4"
        aria-label="Create account"
      >
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          errors={errors.username}
          onChange={(event) => update('username', event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          errors={errors.email}
          onChange={(event) => update('email', event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password1"
          autoComplete="new-password"
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          value={values.password1}
          errors={errors.password1}
          onChange={(event) => update('password1', event.target.value)}
        />
        <PasswordField
          label="Confirm password"
          name="password2"
          autoComplete="new-password"
          value={values.password2}
          errors={errors.password2}
          onChange={(event) => update('password2', event.target.value)}
        />
        <CheckboxField
          name="terms"
          checked={values.terms}
          errors={errors.terms}
          onChange={(event) => update('terms', event.target.checked)}
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" target="_blank" rel="noopener" className={linkClasses}>
                Terms of Service
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" target="_blank" rel="noopener" className={linkClasses}>
                Privacy Policy
              </Link>
            </>
          }
        />
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <Button type="submit" fullWidth size="lg" isLoading={isSubmitting}>
          {isSubmitting ? AUTH_MESSAGES.creatingAccount : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-text-secondary">
        Already have an account?{' '}
        <Link to="/login" state={{ from }} className={linkClasses}>
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
