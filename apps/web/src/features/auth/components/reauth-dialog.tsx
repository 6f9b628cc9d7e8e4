import { REAUTH_MESSAGES } from '@threadcart/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { setReauthHandler } from '../../../lib/api-client.ts';
import { classifyError, firstFieldMessage, getDetail } from '../../../lib/api-error.ts';
import { reauthenticate } from '../api/reauthenticate.ts';
import { AUTH_MESSAGES } from '../messages.ts';

/**
 * Asks for the password when the server wants it proved again (changing the e-mail, API keys, webhooks, data
 * exports: the last proof is older than 10 minutes). Registered with the API client, which sends the call again once
 * the password is accepted; Cancel lets the call fail with the server's message.
 */
export function ReauthDialog() {
  const [pending, setPending] = useState<((isProved: boolean) => void) | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setReauthHandler(
      () =>
        new Promise<boolean>((resolve) => {
          setPassword('');
          setError(undefined);
          setPending(() => resolve);
        }),
    );
    return () => setReauthHandler(undefined);
  }, []);

  useEffect(() => {
    if (pending) formRef.current?.querySelector<HTMLInputElement>('input[name="reauth_password"]')?.focus();
  }, [pending]);

  if (!pending) return null;

  const finish = (isProved: boolean) => {
    pending(isProved);
    setPending(null);
    setPassword('');
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setError(REAUTH_MESSAGES.passwordRequired);
      return;
    }
    setIsSending(true);
    try {
      await reauthenticate(password);
      finish(true);
    } catch (failed) {
      const failure = classifyError(failed);
      setError(
        failure.kind === 'response'
          ? (firstFieldMessage(failure.data, 'password') ??
              getDetail(failure.data) ??
              AUTH_MESSAGES.noResponse)
          : AUTH_MESSAGES.noResponse,
      );
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="reauth-title"
        className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl"
      >
        <h2 id="reauth-title" className="mb-2 text-lg font-semibold text-text-primary">
          Confirm it is you
        </h2>
        <p className="mb-4 text-sm text-text-secondary">{REAUTH_MESSAGES.reauthenticationRequired}</p>
        <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-4">
          <PasswordField
            label="Your password"
            name="reauth_password"
            autoComplete="current-password"
            value={password}
            errors={error ? [error] : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => finish(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isSending}>
              Continue
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
