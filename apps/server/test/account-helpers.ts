import yauzl from 'yauzl';
import type { TestSession } from './auth-helpers.ts';
import type { TestApp } from './build-test-app.ts';
import { insertCorpus, makePost } from './corpus-factories.ts';
import { fulfilAll } from './order-helpers.ts';
import type { FakePaypal } from './fake-paypal.ts';
import { post } from './payments-helpers.ts';

/** A filter tree that matches the posts seedAccountCorpus inserts. */
export const PYTHON_FILTERS = {
  combinator: 'AND',
  rules: [{ type: 'keyword', field: 'keyword', operator: '=', value: 'python' }],
};

/** A few posts that say python, so orders have something to deliver. */
export async function seedAccountCorpus(t: TestApp, prefix = 'acct'): Promise<void> {
  const posts = Array.from({ length: 5 }, (_, i) =>
    makePost({ id: `${prefix}${i}`, title: `python post ${i}`, score: 10 + i }),
  );
  await insertCorpus(t.deps.db, { posts, comments: [] });
}

/** Places an order through the API and lets a worker deliver it; returns the order as the API shows it. */
export async function placeDeliveredOrder(t: TestApp, session: TestSession, title: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search-queries/create/',
    headers: session.headers,
    payload: { title, result_count: 3, search_type: 'posts', format_type: 'csv', filters: PYTHON_FILTERS },
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  await fulfilAll(t.deps);
  const order = await t.app.inject({
    method: 'GET',
    url: `/api/search-queries/${(res.json() as { id: string }).id}/`,
    headers: session.headers,
  });
  return order.json() as { id: string; status: string; file_name: string | null; filters: unknown };
}

/** Buys a package through the fake PayPal (create, approve, capture); returns the PayPal order id. */
export async function buyPackage(t: TestApp, fake: FakePaypal, session: TestSession, packageId: number) {
  const res = await post(t, session, '/api/paypal/buy-credits-packages/', { package_id: packageId });
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const orderId = (res.json() as { order_id: string }).order_id;
  await fake.decide(orderId, 'approve');
  const captured = await post(t, session, '/api/paypal/capture-order/', { order_id: orderId });
  if (captured.statusCode !== 200) throw new Error(`capture failed: ${captured.statusCode} ${captured.body}`);
  return orderId;
}

/** Every file of a ZIP, name → UTF-8 text, read with an independent unzip library. */
export function readZip(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
