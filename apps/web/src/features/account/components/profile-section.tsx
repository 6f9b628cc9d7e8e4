import { validateEmail } from '@threadcart/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSession } from '../../../lib/session.tsx';
import { failureMessage, fieldErrorsOf } from '../api/account-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { AccountSection } from './account-section.tsx';

type Field = 'name' | 'email';
type Errors = Partial<Record<Field, string[]>>;
const FIELDS: readonly Field[] = ['name', 'email'];

/** Profile: the name changes at once; a new e-mail only once the link sent to it is followed; the username is fixed. */
export function ProfileSection() {
  const { user } = useSession();
  const mutation = useUpdateProfile();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const pendingEmail = user?.pending_email ?? null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const body: { name?: string; email?: string } = {};
    if (name.trim() !== (user?.name ?? '')) body.name = name.trim();
    const isEmailChanged = email.trim() !== (user?.email ?? '');
    if (isEmailChanged) body.email = email.trim();
    const found: Errors = isEmailChanged ? { email: validateEmail(email) } : {};
    setErrors(found);
    if ((found.email?.length ?? 0) > 0) return;
    if (Object.keys(body).length === 0) {
      setResult({ tone: 'success', text: M.profileSaved });
      return;
    }
    mutation.mutate(body, {
      onSuccess: (answer) => {
        setName(answer.user.name ?? name.trim());
        setEmail(answer.user.email ?? user?.email ?? '');
        const text =
          isEmailChanged && answer.pendingEmail
            ? M.emailConfirmationSent(answer.pendingEmail)
            : M.profileSaved;
        setResult({ tone: 'success', text });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error, FIELDS);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setResult({ tone: 'error', text: failureMessage(error) });
      },
    });
  };

  return (
    <AccountSection id="profile" title="Profile">
      <form noValidate onSubmit={handleSubmit} aria-label="Profile" className="max-w-md space-y-4">
        <dl>
          <dt className="mb-1 text-sm font-medium text-text-primary">Username</dt>
          <dd className="font-mono text-base text-text-primary" data-testid="username">
            {user?.username}
          </dd>
          <dd className="mt-1 text-sm text-text-secondary">{M.usernameFixed}</dd>
        </dl>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={200}
          value={name}
          errors={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          errors={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {pendingEmail && result === null && <Alert tone="info">{M.emailPending(pendingEmail)}</Alert>}
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <Button type="submit" isLoading={mutation.isPending}>
          Save profile
        </Button>
      </form>
    </AccountSection>
  );
}
