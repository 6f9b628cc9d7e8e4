import { DELETE_CONFIRM_WORD } from '@threadcart/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureMessage, fieldErrorsOf } from '../api/account-errors.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useSignOutOnLeave } from '../hooks/use-sign-out-on-leave.ts';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';

type Field = 'password' | 'confirm';
type Errors = Partial<Record<Field, string[]>>;
const FIELDS: readonly Field[] = ['password', 'confirm'];

function validate(password: string, confirm: string): Errors {
  const errors: Errors = {};
  if (password === '') errors.password = [M.deletePasswordRequired];
  if (confirm.trim() !== DELETE_CONFIRM_WORD) errors.confirm = [M.deleteConfirmRequired];
  return errors;
}

/** "Delete my account": the password and the word DELETE, then signed out and sent to the home page. */
export function DeleteAccountPanel() {
  const mutation = useDeleteAccount();
  const signOutAndLeave = useSignOutOnLeave();
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const found = validate(password, confirm);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(
      { password, confirm: confirm.trim() },
      {
        onSuccess: () => signOutAndLeave('/home', M.accountDeleted),
        onError: (error) => {
          const fields = fieldErrorsOf(error, FIELDS);
          setErrors(fields);
          if (Object.keys(fields).length === 0) setServerError(failureMessage(error));
        },
      },
    );
  };

  return (
    <div className="space-y-3 border-t border-gray-200 pt-5">
      <h3 className="text-base font-semibold text-danger-dark">Delete my account</h3>
      <p className="text-sm text-text-secondary">{M.deleteIntro}</p>
      {!isOpen ? (
        <Button
          variant="outline"
          className="border-danger-dark text-danger-dark"
          onClick={() => setIsOpen(true)}
        >
          Delete my account
        </Button>
      ) : (
        <form noValidate onSubmit={handleSubmit} aria-label="Delete account" className="max-w-md space-y-4">
          <PasswordField
            label="Your password"
            name="password"
            autoComplete="current-password"
            value={password}
            errors={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label={M.deleteConfirmLabel}
            name="confirm"
            autoComplete="off"
            spellCheck={false}
            value={confirm}
            errors={errors.confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          {serverError && <Alert tone="error">{serverError}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" isLoading={mutation.isPending}>
              Delete my account permanently
            </Button>
            <Button variant="outline" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
