/** Texts of the dashboard's schedules (docs/decisions/030-webhooks-and-schedules.md). */
export const SCHEDULE_UI_MESSAGES = {
  heading: 'Scheduled orders',
  intro:
    'Each run places the order again with only records you have not received yet, and is charged as usual.',
  loadFailed: 'Your scheduled orders could not be loaded.',
  actionFailed: 'This did not work. Please try again.',
  paused: 'Paused: no runs until you resume it.',
  deleteQuestion: 'Delete this schedule? The orders it placed stay.',
  cadence: { daily: 'Daily', weekly: 'Weekly' },
} as const;
