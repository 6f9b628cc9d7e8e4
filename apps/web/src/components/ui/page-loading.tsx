import { Spinner } from './spinner.tsx';

/** What a page shows while it or the session is loading. */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-1 items-center justify-center gap-2 py-24 text-text-secondary">
      <Spinner className="size-5 text-primary-dark" />
      <span>{label}</span>
    </div>
  );
}
