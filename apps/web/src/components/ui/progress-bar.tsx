import { cx } from './cx.ts';

/** A labelled progress bar for a value from 0 to 100. */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value: number;
  label: string;
  className?: string;
}) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cx('h-2 w-full overflow-hidden rounded-full bg-gray-200', className)}
    >
      <div className="h-full rounded-full bg-warning transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}
