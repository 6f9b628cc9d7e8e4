import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@threadcart/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureMessage } from '../api/account-errors.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/list-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { formatDateTime } from '../format.ts';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { AccountSection } from './account-section.tsx';
import { CurlExample } from './curl-example.tsx';
import { ShownOnceNotice } from './shown-once-notice.tsx';

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <tr className="align-top">
      <td className="py-2 pr-4 font-medium text-text-primary">{apiKey.name}</td>
      <td className="py-2 pr-4 font-mono text-xs">{apiKey.prefix}…</td>
      <td className="py-2 pr-4 whitespace-nowrap">{apiKey.scopes.join(', ')}</td>
      <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(apiKey.created_at)}</td>
      <td className="py-2 pr-4 whitespace-nowrap">
        {apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : 'Never'}
      </td>
      <td className="py-2 text-right">
        <ConfirmAction
          label="Revoke"
          confirmLabel="Yes, revoke"
          ariaLabel={`Revoke ${apiKey.name}`}
          question={M.revokeQuestion}
          isPending={revoke.isPending}
          onConfirm={() => revoke.mutate(apiKey.id)}
        >
          {revoke.isError && <span className="text-xs text-danger-dark">{failureMessage(revoke.error)}</span>}
        </ConfirmAction>
      </td>
    </tr>
  );
}

/** API keys: create a named key (shown once), list them with prefix and times, revoke; a curl example. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string[] | undefined>();
  const [scopes, setScopes] = useState<ApiKeyScope[]>([...API_KEY_SCOPES]);
  const [scopesError, setScopesError] = useState<string | undefined>();
  const scopeLabels: Record<ApiKeyScope, string> = { read: M.scopeRead, orders: M.scopeOrders };
  const toggleScope = (scope: ApiKeyScope, isOn: boolean) =>
    setScopes((current) => API_KEY_SCOPES.filter((s) => (s === scope ? isOn : current.includes(s))));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError([M.keyNameRequired]);
      return;
    }
    setNameError(undefined);
    if (scopes.length === 0) {
      setScopesError(M.scopesRequired);
      return;
    }
    setScopesError(undefined);
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName('');
        },
      },
    );
  };

  return (
    <AccountSection
      id="api-keys"
      title="API keys"
      description="Programs can use your account with a key instead of your password."
    >
      <div className="space-y-5">
        <form
          noValidate
          onSubmit={handleCreate}
          aria-label="Create API key"
          className="flex flex-wrap items-start gap-3"
        >
          <TextField
            label="Key name"
            name="key_name"
            placeholder="e.g. Research script"
            maxLength={100}
            value={name}
            errors={nameError}
            className="min-w-0 flex-1 basis-56"
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" className="sm:mt-6" isLoading={create.isPending}>
            Create key
          </Button>
          <fieldset className="basis-full">
            <legend className="mb-1 text-sm font-medium text-text-primary">Scopes</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-1">
              {API_KEY_SCOPES.map((scope) => (
                <CheckboxField
                  key={scope}
                  label={scopeLabels[scope]}
                  name={`scope_${scope}`}
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggleScope(scope, event.target.checked)}
                />
              ))}
            </div>
            {scopesError && <p className="mt-1 text-sm text-danger-dark">{scopesError}</p>}
            <p className="mt-1 text-xs text-text-secondary">{M.scopesNote}</p>
          </fieldset>
        </form>
        {create.isError && <Alert tone="error">{failureMessage(create.error)}</Alert>}
        {created && (
          <ShownOnceNotice
            heading={`Your new key “${created.name}”`}
            value={created.key}
            copyLabel="Copy key"
            warning={M.keyShownOnce}
            testId="new-api-key"
            onDone={() => setCreated(null)}
          />
        )}
        {keys.isError && <Alert tone="error">{M.loadFailed}</Alert>}
        {keys.data && keys.data.length === 0 && <p className="text-sm text-text-secondary">{M.noKeys}</p>}
        {keys.data && keys.data.length > 0 && (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="API keys">
              <thead className="border-b border-gray-200 text-xs text-text-secondary uppercase">
                <tr>
                  <th className="py-2 pr-4 font-semibold">Name</th>
                  <th className="py-2 pr-4 font-semibold">Prefix</th>
                  <th className="py-2 pr-4 font-semibold">Scopes</th>
                  <th className="py-2 pr-4 font-semibold">Created</th>
                  <th className="py-2 pr-4 font-semibold">Last used</th>
                  <th className="py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {keys.data.map((apiKey) => (
                  <KeyRow key={apiKey.id} apiKey={apiKey} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <CurlExample apiKey={created?.key} />
      </div>
    </AccountSection>
  );
}
