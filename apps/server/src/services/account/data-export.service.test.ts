import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { listStorage } from '../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import {
  claimNextAccountExport,
  deleteUserAccountExports,
} from '../../db/repositories/account/account-exports.repository.ts';
import type { Deps } from '../../deps.ts';
import { buildNextDataExport, requestDataExport } from './data-export.service.ts';

describe(`data export worker (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives a pending export to exactly one of two racing workers, and to another once the lease lapses', async () => {
    const s = await signUpAndSignIn(t.app);
    const queued = await requestDataExport(t.deps, s.user.id);
    const nowIso = t.clock.now().toISOString();
    const lease = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const claims = await Promise.all(
      ['w1', 'w2', 'w3'].map((workerId) =>
        claimNextAccountExport(t.deps.db, { workerId, nowIso, leaseExpiresAt: lease }),
      ),
    );
    const winners = claims.filter((c) => c?.id === queued.id);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ status: 'processing', attempts: 1 });
    t.clock.advance(61_000);
    const later = t.clock.now().toISOString();
    const retaken = await claimNextAccountExport(t.deps.db, {
      workerId: 'w9',
      nowIso: later,
      leaseExpiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(retaken).toMatchObject({ id: queued.id, lease_owner: 'w9', attempts: 2 });
    await deleteUserAccountExports(t.deps.db, s.user.id);
  });

  it('deletes the ZIP again when the export was deleted while it was being built', async () => {
    const s = await signUpAndSignIn(t.app);
    await requestDataExport(t.deps, s.user.id);
    const storage = t.deps.storage;
    // The account is deleted between the claim and the commit: simulated by deleting the rows as the file lands.
    const commit = storage.commit.bind(storage);
    const patched = {
      ...storage,
      commit: async (tempPath: string, key: string) => {
        const result = await commit(tempPath, key);
        await deleteUserAccountExports(t.deps.db, s.user.id);
        return result;
      },
    };
    // Copied by descriptors: spreading would run the lazy dry-run pool's getter.
    const deps = Object.defineProperties(
      {},
      { ...Object.getOwnPropertyDescriptors(t.deps), storage: { value: patched } },
    ) as Deps;
    expect(await buildNextDataExport(deps, 'w1')).toBe(true);
    const { files, temps } = listStorage(t.deps.config.storage.dir);
    expect(files.filter((f) => f.startsWith('export-'))).toEqual([]);
    expect(temps).toEqual([]);
  });
});
