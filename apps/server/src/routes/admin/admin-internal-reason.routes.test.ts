import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGet, adminPost, auditEntries, signUpAdmin } from '../../../test/admin-helpers.ts';
import { signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { collectExportData } from '../../services/account/export-archive.ts';

// Issue 28 item 7: an operator's internal reason never reaches the customer (ledger, data export); the customer sees
// the customer note (or a default one).

const INTERNAL = 'suspected chargeback fraud, card flagged by risk team';

describe(`operator reasons stay on the operator side (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  it('shows the customer note in the ledger and the data export, the internal reason only in the audit log', async () => {
    const user = await signUpAndSignIn(t.app);
    const grant = await adminPost(t, admin, `/api/admin/users/${user.user.id}/credits/grant/`, {
      credits: 50,
      reason: INTERNAL,
      customer_note: 'Sorry for the outage on Monday',
    });
    expect(grant.statusCode).toBe(200);
    const deduct = await adminPost(t, admin, `/api/admin/users/${user.user.id}/credits/deduct/`, {
      credits: 20,
      reason: INTERNAL,
    });
    expect(deduct.statusCode).toBe(200);

    const ledger = await t.app.inject({ method: 'GET', url: '/api/users/me/ledger/', headers: user.headers });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.body).not.toContain('chargeback');
    expect(ledger.body).toContain('Sorry for the outage on Monday');
    expect(ledger.body).toContain('Credits removed by Threadcart support');

    const exported = JSON.stringify(await collectExportData(t.deps, user.user.id));
    expect(exported).not.toContain('chargeback');
    expect(exported).toContain('Sorry for the outage on Monday');

    // The operator side keeps both, labelled apart: the reason in the audit log, the note in the ledger.
    const audit = (await auditEntries(t, admin)).filter((e) => e.target_id === user.user.id);
    expect(audit.map((e) => e.reason)).toEqual([INTERNAL, INTERNAL]);
    const detail = (await adminGet(t, admin, `/api/admin/users/${user.user.id}/`)).json();
    expect(JSON.stringify(detail.ledger)).toContain('Sorry for the outage on Monday');
  });
});
