import {
  countPageViewsByPath,
  deletePageViewsBefore,
  insertPageView,
} from '../../db/repositories/operations/page-views.repository.ts';
import type { Deps } from '../../deps.ts';
import { FieldErrors } from '../../errors.ts';
import { addDays } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

export const PAGE_VIEW_RETENTION_DAYS = 90;

/** The 429's detail for an address that sent too many page views: the wait in words. */
export function pageViewsThrottledMessage(retryAfterSeconds: number): string {
  return `Too many page views from this address. Try again in ${retryAfterSeconds} seconds.`;
}

/** The path without query string or fragment (they can hold tokens, e.g. a reset link); a full URL gives its path. */
export function normalisePagePath(raw: string): string | null {
  const value = raw.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      return new URL(value).pathname;
    } catch {
      return null;
    }
  }
  const path = value.split(/[?#]/, 1)[0] ?? '';
  return path.startsWith('/') ? path : null;
}

/** Counts one page view, first-party: only the path, the title and the time; no IP address, no user. */
export async function recordPageView(deps: Deps, view: { path: string; title?: string }): Promise<void> {
  const path = normalisePagePath(view.path);
  if (!path) throw new FieldErrors({ path: ['Enter a path that starts with "/".'] });
  const now = deps.clock.now();
  await insertPageView(deps.db, {
    id: newId(now.getTime()),
    path,
    title: view.title?.trim() ?? '',
    created_at: now.toISOString(),
  });
}

/** Deletes page views older than 90 days (docs/product.md §9.6); returns how many went. */
export async function purgeOldPageViews(deps: Deps): Promise<number> {
  const before = addDays(deps.clock.now(), -PAGE_VIEW_RETENTION_DAYS).toISOString();
  return deletePageViewsBefore(deps.db, before);
}

/** Views per path over the retention period, most viewed first. */
export function listPageViewCounts(deps: Deps) {
  return countPageViewsByPath(deps.db);
}
