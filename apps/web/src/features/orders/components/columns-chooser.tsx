import type { SearchType } from '@threadcart/contracts';
import { useId } from 'react';
import { FieldMessages } from '../../../components/ui/field-messages.tsx';
import { availableColumns, defaultColumnList } from '../order-columns.ts';

interface ColumnsChooserProps {
  searchType: SearchType;
  /** the chosen columns in order; null = the default layout */
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  errors?: readonly string[];
}

const arrowButton =
  'rounded px-1.5 text-sm text-text-secondary hover:bg-gray-100 hover:text-text-primary disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * The file's columns (optional): the chosen ones first, in file order, each with up/down buttons, then the ones
 * left out; a checkbox chooses or drops a column. Untouched, the order uses today's layout; "Reset to default"
 * goes back to it.
 */
export function ColumnsChooser({ searchType, value, onChange, errors }: ColumnsChooserProps) {
  const id = useId();
  const chosen = value ?? defaultColumnList(searchType);
  const leftOut = availableColumns(searchType).filter((column) => !chosen.includes(column));
  const hasErrors = Boolean(errors && errors.length > 0);

  const toggle = (column: string) =>
    onChange(chosen.includes(column) ? chosen.filter((c) => c !== column) : [...chosen, column]);
  const move = (index: number, step: -1 | 1) => {
    const next = [...chosen];
    const [column] = next.splice(index, 1);
    next.splice(index + step, 0, column!);
    onChange(next);
  };

  const row = (column: string, index: number | null) => (
    <li key={column} className="flex items-center justify-between gap-2 py-0.5">
      <label className="inline-flex items-center gap-2 font-mono text-sm text-text-primary">
        <input
          type="checkbox"
          className="size-4 rounded border-gray-300 accent-primary-dark"
          checked={index !== null}
          onChange={() => toggle(column)}
        />
        {column}
      </label>
      {index !== null && (
        <span className="inline-flex gap-0.5">
          <button
            type="button"
            aria-label={`Move ${column} up`}
            className={arrowButton}
            disabled={index === 0}
            onClick={() => move(index, -1)}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label={`Move ${column} down`}
            className={arrowButton}
            disabled={index === chosen.length - 1}
            onClick={() => move(index, 1)}
          >
            ↓
          </button>
        </span>
      )}
    </li>
  );

  return (
    <details className="rounded-md border border-gray-200 bg-gray-50 px-3 py-2" open={hasErrors || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-text-primary">
        File columns{' '}
        <span className="font-normal text-text-secondary">
          ({value === null ? 'default layout' : `${chosen.length} chosen`})
        </span>
      </summary>
      <div
        className="mt-2 space-y-2"
        role="group"
        aria-labelledby={`${id}-legend`}
        aria-describedby={hasErrors ? `${id}-errors` : undefined}
      >
        <p id={`${id}-legend`} className="text-sm text-text-secondary">
          Choose the file&apos;s columns and their order. The sample-data column is always kept.
        </p>
        <ol aria-label="Chosen columns" className="max-w-sm divide-y divide-gray-200">
          {chosen.map((column, index) => row(column, index))}
        </ol>
        {leftOut.length > 0 && (
          <ul aria-label="Columns left out" className="max-w-sm divide-y divide-gray-200">
            {leftOut.map((column) => row(column, null))}
          </ul>
        )}
        <button
          type="button"
          className="rounded-md border border-gray-300 bg-surface px-2 py-1 text-sm font-medium hover:bg-gray-50 disabled:opacity-60"
          disabled={value === null}
          onClick={() => onChange(null)}
        >
          Reset to default
        </button>
        <FieldMessages id={`${id}-errors`} messages={errors} />
      </div>
    </details>
  );
}
