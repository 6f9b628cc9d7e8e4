import type { Schedule } from '@threadcart/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { getDetail, classifyError } from '../../../lib/api-error.ts';
import { useDeleteSchedule } from '../api/delete-schedule.ts';
import { useSchedules } from '../api/list-schedules.ts';
import { useSetScheduleState } from '../api/set-schedule-state.ts';
import { SCHEDULE_UI_MESSAGES as M } from '../messages.ts';

const SEARCH_TYPES = { posts: 'Posts', comments: 'Comments', both: 'Posts and comments' } as const;
const when = (iso: string) => new Date(iso).toLocaleString();

function failureOf(error: unknown): string {
  const failure = classifyError(error);
  return (failure.kind === 'response' ? getDetail(failure.data) : undefined) ?? M.actionFailed;
}

function ScheduleItem({ schedule }: { schedule: Schedule }) {
  const setState = useSetScheduleState();
  const remove = useDeleteSchedule();
  const name = schedule.title ?? schedule.query_string;
  const isPaused = schedule.status === 'paused';
  const last = schedule.last_run;
  return (
    <li className="rounded-md border border-gray-200 bg-surface p-4" aria-label={`Schedule ${name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-text-primary">
            <span className="break-all">{name}</span>
            <Badge tone="info">{M.cadence[schedule.cadence]}</Badge>
            <Badge tone={isPaused ? 'neutral' : 'success'}>{isPaused ? 'Paused' : 'Active'}</Badge>
          </p>
          <p className="text-sm text-text-secondary">
            {SEARCH_TYPES[schedule.search_type]} · {schedule.result_count.toLocaleString('en-US')} records ·{' '}
            {schedule.format_type.toUpperCase()}
          </p>
          <p className="font-mono text-xs break-all text-text-secondary">{schedule.query_string}</p>
          <p className="text-sm text-text-primary">
            {schedule.next_run_at ? `Next run: ${when(schedule.next_run_at)}` : M.paused}
          </p>
          {last && (
            <p
              className={last.outcome === 'skipped' ? 'text-sm text-warning' : 'text-sm text-text-secondary'}
            >
              {last.outcome === 'placed'
                ? `Last run ${when(last.at)}: order placed`
                : `Last run ${when(last.at)}: skipped. ${last.message ?? ''}`}
            </p>
          )}
          <p className="text-xs text-text-tertiary">
            {schedule.runs_placed} placed, {schedule.runs_skipped} skipped
          </p>
        </div>
        <div className="flex items-start gap-2">
          <Button
            size="sm"
            variant="secondary"
            isLoading={setState.isPending}
            aria-label={`${isPaused ? 'Resume' : 'Pause'} ${name}`}
            onClick={() => setState.mutate({ id: schedule.id, action: isPaused ? 'resume' : 'pause' })}
          >
            {isPaused ? 'Resume' : 'Pause'}
          </Button>
          <ConfirmAction
            label="Delete"
            confirmLabel="Yes, delete"
            ariaLabel={`Delete ${name}`}
            question={M.deleteQuestion}
            isPending={remove.isPending}
            onConfirm={() => remove.mutate(schedule.id)}
          />
        </div>
      </div>
      {(setState.isError || remove.isError) && (
        <p className="mt-2 text-sm text-danger-dark" role="alert">
          {failureOf(setState.error ?? remove.error)}
        </p>
      )}
    </li>
  );
}

/** The dashboard's scheduled orders: next and last run, pause or resume, delete; nothing when there are none. */
export function SchedulesPanel() {
  const schedules = useSchedules();
  if (schedules.isError) return <Alert tone="error">{M.loadFailed}</Alert>;
  if (!schedules.data || schedules.data.length === 0) return null;
  return (
    <section aria-labelledby="scheduled-orders" className="space-y-3">
      <h2 id="scheduled-orders" className="text-2xl font-semibold text-text-primary">
        {M.heading}
      </h2>
      <p className="text-sm text-text-secondary">{M.intro}</p>
      <ul className="space-y-3" aria-label={M.heading}>
        {schedules.data.map((schedule) => (
          <ScheduleItem key={schedule.id} schedule={schedule} />
        ))}
      </ul>
    </section>
  );
}
