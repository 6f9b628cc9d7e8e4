import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { failureMessage, fieldErrorsOf } from '../api/account-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import {
  PASSWORD_FIELDS,
  validatePasswordField,
  validatePasswordForm,
  type PasswordErrors,
  type PasswordField as Field,
  type PasswordValues,
} from '../password-rules.ts';
import { AccountSection } from './account-section.tsx';

const EMPTY: PasswordValues = { current_password: '', new_password1: '', new_password2: '' };

/** Change the password with the current one; the rules of sign-up apply as the user types and on submit. */
export function PasswordSection() {
  const mutation = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  function update(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    const changed: PasswordErrors = { [field]: validatePasswordField(field, next) };
    if (field === 'new_password1' && next.new_password2 !== '')
      changed.new_password2 = validatePasswordField('new_password2', next);
    setErrors((current) => ({ ...current, ...changed }));
  }

  const focusFirst = (found: PasswordErrors) => {
    const first = PASSWORD_FIELDS.find((field) => (found[field]?.length ?? 0) > 0);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    return Boolean(first);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const found = validatePasswordForm(values);
    setErrors(found);
    if (focusFirst(found)) return;
    mutation.mutate(values, {
      onSuccess: (detail) => {
        setValues(EMPTY);
        setErrors({});
        setResult({ tone: 'success', text: detail });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error, PASSWORD_FIELDS);
        setErrors(fields);
        if (!focusFirst(fields)) setResult({ tone: 'error', text: failureMessage(error) });
      },
    });
  };

  return (
    <AccountSection
      id="password"
      title="Password"
      description="Changing your password signs you out on every other device."
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        aria-label="Change password"
        className="max-w-md space-y-4"
      >
        <PasswordField
          label="Current password"
          name="current_password"
          autoComplete="current-password"
          value={values.current_password}
          errors={errors.current_password}
          onChange={(event) => update('current_password', event.target.value)}
        />
        <PasswordField
          label="New password"
          name="new_password1"
          autoComplete="new-password"
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          value={values.new_password1}
          errors={errors.new_password1}
          onChange={(event) => update('new_password1', event.target.value)}
        />
        <PasswordField
          label="Confirm new password"
          name="new_password2"
          autoComplete="new-password"
          value={values.new_password2}
          errors={errors.new_password2}
          onChange={(event) => update('new_password2', event.target.value)}
        />
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <Button type="submit" isLoading={mutation.isPending}>
          Change password
        </Button>
      </form>
    </AccountSection>
  );
}
