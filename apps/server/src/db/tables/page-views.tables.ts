/** One first-party page view: no IP address, no user (docs/product.md §9.6); purged after 90 days. */
export interface PageViewsTable {
  id: string;
  path: string;
  title: string;
  created_at: string;
}

export interface PageViewTables {
  page_views: PageViewsTable;
}
