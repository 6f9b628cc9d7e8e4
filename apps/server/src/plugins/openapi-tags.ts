/**
 * The OpenAPI document's tags, in the order /api/docs shows them, and the shape of one operation's documentation
 * (the tables in openapi-operations-*.ts; applied by openapi-operations.ts).
 */
export const OPENAPI_TAGS = [
  {
    name: 'Auth',
    description:
      'Sign-up, e-mail confirmation, sign-in (POST /api/auth/token/ sets the `tc_access` session cookie and the ' +
      '`csrftoken` cookie), session refresh, sign-out, password reset and the CSRF token.',
  },
  {
    name: 'Account',
    description:
      'The signed-in user: profile, credits and their ledger, payments and receipts, password, deletion and the ' +
      '"download my data" export. Changes need a browser session, never an API key.',
  },
  {
    name: 'API keys',
    description:
      'Keys for programs (`Authorization: Token <key>`), shown once when made. Managed from a browser session with ' +
      'the password proved in the last 10 minutes.',
  },
  {
    name: 'Webhooks',
    description:
      'Endpoints that receive signed `order.completed` and `order.failed` events, their test event and delivery log.',
  },
  {
    name: 'Orders',
    description:
      'Orders (saved search queries): place one (credits are reserved at once), list, read, rerun; the dashboard ' +
      'counters.',
  },
  {
    name: 'Dry runs & corpus',
    description:
      "An order's free dry run (matches, credits needed, a sample) and name suggestions from the corpus.",
  },
  {
    name: 'Files & manifests',
    description:
      "A completed order's file and its manifest (the filters, corpus snapshot and counts behind it).",
  },
  {
    name: 'Schedules',
    description:
      'Orders repeated daily or weekly (made with `schedule` on an order): list, pause, resume, delete.',
  },
  {
    name: 'Payments',
    description:
      'Credit packages and the PayPal checkout: start a purchase, capture or cancel it on return, and PayPal’s ' +
      'webhook.',
  },
  {
    name: 'Privacy',
    description:
      'Removal requests from the people in the corpus: no sign-in, confirmed by a mailed link, decided by an operator.',
  },
  {
    name: 'Operators (admin)',
    description:
      'The operator API under /api/admin/: users, credits, orders, payments, the corpus, removal requests and the ' +
      'audit log. Administrators only (401 to visitors, 403 to users); every change needs a reason and is audited.',
  },
  {
    name: 'Service',
    description:
      'Health for load balancers and monitors, Prometheus metrics for a scraper, and first-party page-view analytics.',
  },
  {
    name: 'PayPal simulator',
    description:
      'The embedded stand-in for PayPal’s REST API and approval page, mounted under /sim/paypal only when no ' +
      '`PAYPAL_CLIENT_ID` is set (no real money moves). The server calls it as it would call PayPal; browsers see ' +
      'its approval page.',
  },
] as const;

export type OperationTag = (typeof OPENAPI_TAGS)[number]['name'];

/**
 * Who may call an operation, for its `security`: `visitor` needs nothing; `user` a session cookie (with the CSRF
 * header on unsafe methods) or an API key; `session` the session cookie only (account management); `refresh` the
 * refresh cookie; `metrics` the scraper's bearer token; `external` a caller with its own proof (PayPal's signed webhook, the simulator's credentials).
 */
export type OperationAccess = 'visitor' | 'user' | 'session' | 'refresh' | 'metrics' | 'external';

/** One operation's documentation. */
export interface OperationDoc {
  readonly tag: OperationTag;
  readonly access: OperationAccess;
  /** One line. */
  readonly summary: string;
  /** Two to four sentences: who may call it, what it does, its notable errors and codes. */
  readonly description: string;
  /** An example request body; every operation that takes a body has one. */
  readonly body?: unknown;
  /** An example answer: its status, and its body unless it has none (204) or it is a binary file. */
  readonly response?: {
    readonly status: number;
    readonly example?: unknown;
    /** When the answer is not JSON. */
    readonly contentType?: string;
  };
  /** Examples of the path, query and header parameters, by name. */
  readonly parameters?: Readonly<Record<string, string | number | boolean>>;
}

/** Operations by `METHOD /path`, the path as the OpenAPI document writes it (`{id}`). */
export type OperationTable = Readonly<Record<string, OperationDoc>>;
