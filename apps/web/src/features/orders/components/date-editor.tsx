import { useEffect, useState } from 'react';
import { cx } from '../../../components/ui/cx.ts';
import { commitOnEnter, editorInputClasses } from './range-editor.tsx';

export type DateRange = [string | null, string | null];

/** The quick ranges: whole UTC days ending today, today included. */
export const QUICK_RANGES = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last year', days: 365 },
] as const;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** A quick range as `[from, to]` UTC dates (YYYY-MM-DD): the last `days` whole days up to and including today. */
export function quickRange(days: number, now: Date = new Date()): [string, string] {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  return [utcDay(from), utcDay(now)];
}

/**
 * The dates a rule holds, as `[from, to]`: `between` keeps both sides; `>=` is a from, `<=` a to. A value left
 * by another operator (a range under `>=`) shows its matching side.
 */
export function toDateRange(operator: string, value: unknown): DateRange {
  const asDate = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const pair: DateRange = Array.isArray(value) ? [asDate(value[0]), asDate(value[1])] : [null, null];
  if (operator === '>=') return [Array.isArray(value) ? pair[0] : asDate(value), null];
  if (operator === '<=') return [null, Array.isArray(value) ? pair[1] : asDate(value)];
  return pair;
}

/** What a date box shows: the date of a stored date-time (the box holds days only). */
const shown = (date: string | null) => (date === null ? '' : date.slice(0, 10));

interface DateEditorProps {
  operator: string;
  value: unknown;
  onCommit: (value: unknown) => void;
  label: string;
  disabled?: boolean;
}

/**
 * The `created` editor: a from and a to date for `between` (either may stay empty: open), one of them for `>=`
 * (from) and `<=` (to); committed as they change (docs/decisions/032), as UTC dates YYYY-MM-DD. The quick ranges fill
 * the boxes and commit at once.
 */
export function DateEditor({ operator, value, onCommit, label, disabled }: DateEditorProps) {
  const committed = toDateRange(operator, value);
  const [fromText, setFromText] = useState(shown(committed[0]));
  const [toText, setToText] = useState(shown(committed[1]));
  const [committedFrom, committedTo] = committed;
  // Each box follows its own side only: committing one must not wipe what is being typed in the other.
  useEffect(() => setFromText(shown(committedFrom)), [committedFrom]);
  useEffect(() => setToText(shown(committedTo)), [committedTo]);

  const hasFrom = operator !== '<=';
  const hasTo = operator !== '>=';
  // An unchanged box keeps the exact stored value (a date-time stays a date-time).
  const side = (text: string, stored: string | null) =>
    text === shown(stored) ? stored : text.trim() === '' ? null : text.trim();
  const toValue = ([from, to]: DateRange): unknown =>
    operator === 'between' ? [from, to] : operator === '>=' ? from : to;

  const handleChange = (which: 'from' | 'to', text: string) => {
    (which === 'from' ? setFromText : setToText)(text);
    const next: DateRange =
      which === 'from'
        ? [side(text, committedFrom), side(toText, committedTo)]
        : [side(fromText, committedFrom), side(text, committedTo)];
    if (next[0] !== committedFrom || next[1] !== committedTo) onCommit(toValue(next));
  };
  const applyQuickRange = (days: number) => {
    const [from, to] = quickRange(days);
    setFromText(from);
    setToText(to);
    onCommit(toValue([from, to]));
  };
  const isInverted = hasFrom && hasTo && fromText !== '' && toText !== '' && toText < fromText;

  const box = (which: 'from' | 'to') => (
    <input
      type="date"
      aria-label={`${label} ${which}`}
      className={cx(
        editorInputClasses,
        'w-40',
        which === 'to' && isInverted ? 'border-danger-dark' : 'border-gray-300',
      )}
      aria-invalid={(which === 'to' && isInverted) || undefined}
      value={which === 'from' ? fromText : toText}
      min={which === 'to' && hasFrom && fromText ? fromText : undefined}
      disabled={disabled}
      onChange={(event) => handleChange(which, event.target.value)}
      onKeyDown={commitOnEnter(() => undefined)}
    />
  );

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {hasFrom && box('from')}
      {hasFrom && hasTo && <span className="text-sm text-text-secondary">to</span>}
      {hasTo && box('to')}
      {hasFrom && (
        <span role="group" aria-label={`${label} quick ranges`} className="inline-flex flex-wrap gap-1">
          {QUICK_RANGES.map((range) => (
            <button
              key={range.label}
              type="button"
              disabled={disabled}
              className="rounded-md border border-gray-300 bg-surface px-2 py-1 text-xs font-medium hover:bg-gray-50"
              onClick={() => applyQuickRange(range.days)}
            >
              {range.label}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
