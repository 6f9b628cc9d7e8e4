import type { Db } from '../../database.ts';
import type { PageViewsTable } from '../../tables/page-views.tables.ts';

export type PageView = PageViewsTable;

/** Stores one page view. */
export async function insertPageView(db: Db, view: PageView): Promise<void> {
  await db.insertInto('page_views').values(view).execute();
}

/** Deletes the page views recorded before `before`; returns how many went. */
export async function deletePageViewsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('page_views').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Number of stored page views per path, most viewed first. */
export async function countPageViewsByPath(db: Db): Promise<{ path: string; views: number }[]> {
  const rows = await db
    .selectFrom('page_views')
    .select(['path', (eb) => eb.fn.countAll<number>().as('views')])
    .groupBy('path')
    .orderBy('views', 'desc')
    .orderBy('path')
    .execute();
  return rows.map((r) => ({ path: r.path, views: Number(r.views) }));
}
