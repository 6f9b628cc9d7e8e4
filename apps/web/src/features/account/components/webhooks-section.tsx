import { checkWebhookUrl, type CreatedWebhookEndpoint } from '@threadcart/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureMessage, fieldErrorsOf } from '../api/account-errors.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { useWebhooks } from '../api/list-webhooks.ts';
import { ACCOUNT_UI_MESSAGES, WEBHOOK_UI_MESSAGES as M } from '../messages.ts';
import { AccountSection } from './account-section.tsx';
import { ShownOnceNotice } from './shown-once-notice.tsx';
import { WebhookEndpointCard } from './webhook-endpoint-card.tsx';

/** Webhooks: add an endpoint (its secret shown once), see each one's latest deliveries, send a test, delete. */
export function WebhooksSection() {
  const endpoints = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [urlError, setUrlError] = useState<string[] | undefined>();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const serverErrors = fieldErrorsOf(create.error, ['url', 'description'] as const);
  const hasFieldErrors = Object.keys(serverErrors).length > 0;

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkWebhookUrl(url);
    setUrlError(problem ? [problem] : undefined);
    if (problem) return;
    create.mutate(
      { url: url.trim(), description: description.trim() || null },
      {
        onSuccess: (endpoint) => {
          setCreated(endpoint);
          setUrl('');
          setDescription('');
        },
      },
    );
  };

  return (
    <AccountSection id="webhooks" title="Webhooks" description={M.intro}>
      <div className="space-y-5">
        <form noValidate onSubmit={handleAdd} aria-label="Add webhook endpoint" className="space-y-3">
          <div className="flex flex-wrap items-start gap-3">
            <TextField
              label="Endpoint URL"
              name="webhook_url"
              type="url"
              placeholder="https://example.com/hooks/threadcart"
              value={url}
              errors={urlError ?? serverErrors.url}
              className="min-w-0 flex-[2] basis-72"
              onChange={(event) => setUrl(event.target.value)}
            />
            <TextField
              label="Description (optional)"
              name="webhook_description"
              maxLength={200}
              value={description}
              errors={serverErrors.description}
              className="min-w-0 flex-1 basis-48"
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <Button type="submit" isLoading={create.isPending}>
            Add endpoint
          </Button>
        </form>
        {create.isError && !hasFieldErrors && <Alert tone="error">{failureMessage(create.error)}</Alert>}
        {created && (
          <ShownOnceNotice
            heading={`Signing secret for ${created.url}`}
            value={created.secret}
            copyLabel="Copy secret"
            warning={M.secretShownOnce}
            testId="new-webhook-secret"
            onDone={() => setCreated(null)}
          />
        )}
        {endpoints.isError && <Alert tone="error">{ACCOUNT_UI_MESSAGES.loadFailed}</Alert>}
        {endpoints.data && endpoints.data.length === 0 && (
          <p className="text-sm text-text-secondary">{M.noEndpoints}</p>
        )}
        {endpoints.data && endpoints.data.length > 0 && (
          <ul className="space-y-4" aria-label="Webhook endpoints">
            {endpoints.data.map((endpoint) => (
              <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
        <p className="text-xs text-text-secondary">{M.verifyHint}</p>
      </div>
    </AccountSection>
  );
}
