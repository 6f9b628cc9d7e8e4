import { screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@threadcart/contracts';
import { WEBHOOK_UI_MESSAGES as M } from '../messages.ts';
import { ROUTES, accountApi, openAccount, section } from '../testing/account-api.ts';

const ENDPOINT: WebhookEndpoint = {
  id: 'hook-1',
  url: 'https://example.com/hooks/threadcart',
  description: 'Pipeline',
  created_at: '2026-11-26T10:00:00.000Z',
  recent_deliveries: [],
};

function delivery(overrides: Partial<WebhookDelivery>): WebhookDelivery {
  return {
    id: 'd-1',
    event_id: 'e-1',
    event_type: 'order.completed',
    order_id: 'order-1',
    status: 'succeeded',
    attempts: 1,
    max_attempts: 5,
    next_attempt_at: null,
    created_at: '2026-11-26T11:00:00.000Z',
    completed_at: '2026-11-26T11:00:01.000Z',
    attempt_log: [
      {
        attempt: 1,
        attempted_at: '2026-11-26T11:00:01.000Z',
        duration_ms: 84,
        status_code: 200,
        error: null,
      },
    ],
    ...overrides,
  };
}

describe('the Webhooks section', { timeout: 30_000 }, () => {
  it('checks the address, adds the endpoint and shows its secret once with a copy button', async () => {
    let endpoints: WebhookEndpoint[] = [];
    const api = accountApi({
      [ROUTES.webhooks]: () => [200, { endpoints }],
      [ROUTES.createWebhook]: () => {
        endpoints = [ENDPOINT];
        return [201, { ...ENDPOINT, secret: 'whsec_the-secret' }];
      },
    });
    const { user } = await openAccount();
    const panel = within(section('Webhooks'));
    expect(await panel.findByText(M.noEndpoints)).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Add endpoint' }));
    expect(panel.getByText(M.urlRequired)).toBeInTheDocument();
    await user.type(panel.getByLabelText('Endpoint URL'), 'ftp://example.com/x');
    await user.click(panel.getByRole('button', { name: 'Add endpoint' }));
    expect(panel.getByText(M.urlScheme)).toBeInTheDocument();
    await user.clear(panel.getByLabelText('Endpoint URL'));
    await user.type(panel.getByLabelText('Endpoint URL'), 'https://admin:pw@example.com/x');
    await user.click(panel.getByRole('button', { name: 'Add endpoint' }));
    expect(panel.getByText(M.urlCredentials)).toBeInTheDocument();
    expect(api.callsTo(ROUTES.createWebhook)).toHaveLength(0);

    await user.clear(panel.getByLabelText('Endpoint URL'));
    await user.type(panel.getByLabelText('Endpoint URL'), ' https://example.com/hooks/threadcart ');
    await user.type(panel.getByLabelText('Description (optional)'), 'Pipeline');
    await user.click(panel.getByRole('button', { name: 'Add endpoint' }));
    const notice = within(await panel.findByTestId('new-webhook-secret'));
    expect(notice.getByText('whsec_the-secret')).toBeInTheDocument();
    expect(notice.getByText(M.secretShownOnce)).toBeInTheDocument();
    const [call] = api.callsTo(ROUTES.createWebhook);
    expect(call!.data).toEqual({ url: 'https://example.com/hooks/threadcart', description: 'Pipeline' });
    expect(call!.headers['X-CSRFToken']).toBe('test-csrf-token');

    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(notice.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_the-secret');

    const card = within(await panel.findByRole('listitem', { name: 'Webhook Pipeline' }));
    expect(card.getByText('https://example.com/hooks/threadcart')).toBeInTheDocument();
    expect(card.getByText(M.noDeliveries)).toBeInTheDocument();
    await user.click(notice.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('whsec_the-secret')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an address under the field", async () => {
    const refusal = M.urlNotPublic('10.0.0.5', '10.0.0.5');
    accountApi({ [ROUTES.createWebhook]: [400, { url: [refusal] }] });
    const { user } = await openAccount();
    const panel = within(section('Webhooks'));
    await user.type(await panel.findByLabelText('Endpoint URL'), 'https://10.0.0.5/hook');
    await user.click(panel.getByRole('button', { name: 'Add endpoint' }));
    expect(await panel.findByText(refusal, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(panel.queryByTestId('new-webhook-secret')).not.toBeInTheDocument();
  });

  it('lists the last deliveries, sends a test and follows it until it is delivered', async () => {
    const retrying = delivery({
      id: 'd-2',
      event_type: 'order.failed',
      status: 'pending',
      attempts: 2,
      next_attempt_at: '2026-11-26T12:03:45.000Z',
      attempt_log: [
        {
          attempt: 2,
          attempted_at: '2026-11-26T12:00:45.000Z',
          duration_ms: 10_002,
          status_code: null,
          error: 'No answer within 10 seconds.',
        },
      ],
    });
    let deliveries = [retrying, delivery({})];
    let reads = 0;
    const api = accountApi({
      [ROUTES.webhooks]: () => {
        reads += 1;
        return [200, { endpoints: [{ ...ENDPOINT, recent_deliveries: deliveries }] }];
      },
      [ROUTES.testWebhook('hook-1')]: () => {
        const queued = delivery({
          id: 'd-3',
          event_type: 'webhook.test',
          status: 'pending',
          attempts: 0,
          attempt_log: [],
        });
        deliveries = [queued, ...deliveries];
        // The worker delivers it before the next read but one.
        setTimeout(() => {
          deliveries = [
            delivery({ id: 'd-3', event_type: 'webhook.test', max_attempts: 1 }),
            retrying,
            delivery({}),
          ];
        }, 500);
        return [202, { delivery: queued, detail: M.testQueued }];
      },
    });
    const { user } = await openAccount();
    const table = within(
      await within(section('Webhooks')).findByRole('table', { name: 'Deliveries to Pipeline' }),
    );
    const rows = table.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Order failed')).toBeInTheDocument();
    expect(
      within(rows[0]!).getByText(`Retry at ${new Date('2026-11-26T12:03:45.000Z').toLocaleString()}`),
    ).toBeInTheDocument();
    expect(within(rows[0]!).getByText('No answer within 10 seconds.')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2 of 5')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Order completed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('HTTP 200')).toBeInTheDocument();
    // A retry an hour away is not polled for.
    const readsBefore = reads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(readsBefore);

    const card = within(screen.getByRole('listitem', { name: 'Webhook Pipeline' }));
    await user.click(card.getByRole('button', { name: 'Send test to Pipeline' }));
    expect(await card.findByText(M.testQueued)).toBeInTheDocument();
    expect(api.callsTo(ROUTES.testWebhook('hook-1'))[0]!.headers['X-CSRFToken']).toBe('test-csrf-token');
    expect(await card.findByText('Waiting')).toBeInTheDocument();
    await waitFor(() => expect(card.getByText('1 of 1')).toBeInTheDocument(), { timeout: 6000 });
    expect(card.getAllByText('Delivered')).toHaveLength(2);
  });

  it('deletes an endpoint only after confirming', async () => {
    let endpoints = [ENDPOINT];
    const api = accountApi({
      [ROUTES.webhooks]: () => [200, { endpoints }],
      [ROUTES.deleteWebhook('hook-1')]: () => {
        endpoints = [];
        return [204];
      },
    });
    const { user } = await openAccount();
    const card = within(
      await within(section('Webhooks')).findByRole('listitem', { name: 'Webhook Pipeline' }),
    );
    await user.click(card.getByRole('button', { name: 'Delete Pipeline' }));
    expect(card.getByText(M.deleteQuestion)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(ROUTES.deleteWebhook('hook-1'))).toHaveLength(0);
    await user.click(card.getByRole('button', { name: 'Delete Pipeline' }));
    await user.click(card.getByRole('button', { name: 'Yes, delete' }));
    expect(await within(section('Webhooks')).findByText(M.noEndpoints)).toBeInTheDocument();
    expect(api.callsTo(ROUTES.deleteWebhook('hook-1'))[0]!.headers['X-CSRFToken']).toBe('test-csrf-token');
  });
});
