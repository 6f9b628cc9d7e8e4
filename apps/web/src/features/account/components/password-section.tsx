import type { ApiKey } from '@threadcart/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { failureMessage, fieldErrorsOf } from '../api/account-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useRevokeAllApiKeys } from '../api/revoke-api-key.ts';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import {
  PASSWORD_FIELDS,
  validatePasswordField,
  validatePasswordForm,
  type PasswordErrors,
  type PasswordField as Field,
  type PasswordValues,
} from '../password-rules.ts';
import { AccountSection } from './account-section.tsx';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';

const EMPTY: PasswordValues = { current_password: '', new_password1: '', new_password2: '' };

/** After a password change: the API keys that still work, and one click that revokes them all. */
function LiveKeysNotice({ keys }: { keys: ApiKey[] }) {
  const revokeAll = useRevokeAllApiKeys();
  if (revokeAll.isSuccess) return <Alert tone="success">{revokeAll.data}</Alert>;
  return (
    <div className="space-y-2 rounded-md border border-gray-200 p-3" data-testid="live-api-keys">
      <p className="text-sm text-text-primary">{M.keysStillLive(keys.length)}</p>
      <ul className="list-inside list-disc text-sm text-text-secondary">
        {keys.map((key) => (
          <li key={key.id}>
            {key.name} <span className="font-mono text-xs">{key.prefix}…</span> ({key.scopes.join(', ')})
          </li>
        ))}
      </ul>
      <ConfirmAction
        label="Revoke all API keys"
        confirmLabel="Yes, revoke all"
        ariaLabel="Revoke all API keys"
        question={M.revokeAllQuestion}
        isPending={revokeAll.isPending}
        onConfirm={() => revokeAll.mutate()}
      >
        {revokeAll.isError && (
          <span className="text-xs text-danger-dark">{failureMessage(revokeAll.error)}</span>
        )}
      </ConfirmAction>
    </div>
  );
}

/** Change the password with the current one; the rules of sign-up apply as the user types and on submit. */
export function PasswordSection() {
  const mutation = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [liveKeys, setLiveKeys] = useState<ApiKey[]>([]);

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
    setLiveKeys([]);
    const found = validatePasswordForm(values);
    setErrors(found);
    if (focusFirst(found)) return;
    mutation.mutate(values, {
      onSuccess: (answer) => {
        setValues(EMPTY);
        setErrors({});
        setResult({ tone: 'success', text: answer.detail });
        setLiveKeys(answer.api_keys);
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
      {liveKeys.length > 0 && (
        <div className="mt-4 max-w-md">
          <LiveKeysNotice keys={liveKeys} />
        </div>
      )}
    </AccountSection>
  );
}
