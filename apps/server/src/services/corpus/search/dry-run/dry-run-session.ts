/** The application_name a dry run's PostgreSQL session carries while it runs, so the API can cancel its query. */
export const dryRunSessionName = (taskId: string) => `threadcart-dry-run:${taskId}`;
