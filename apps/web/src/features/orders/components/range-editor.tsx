import { useEffect, useState, type KeyboardEvent } from 'react';
import { cx } from '../../../components/ui/cx.ts';

export type Range = [number | null, number | null];

/** A range value in any shape the tree may hold; anything else is unbounded on both ends. */
export function toRange(value: unknown): Range {
  if (!Array.isArray(value) || value.length !== 2) return [null, null];
  return [parseBound(value[0]), parseBound(value[1])];
}

/**
 * One box of a numeric range (docs/product.md §7.7): integers only; empty or non-numeric means null (unbounded); the
 * range minimum is 0, so a negative number becomes 0.
 */
export function parseBound(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) ? Math.max(0, raw) : null;
  if (typeof raw !== 'string' || !/^\s*-?\d+\s*$/.test(raw)) return null;
  return Math.max(0, Number(raw));
}

const show = (bound: number | null) => (bound === null ? '' : String(bound));

export const editorInputClasses =
  'min-w-0 rounded-md border bg-surface px-2 py-1.5 text-sm text-text-primary shadow-sm placeholder:text-text-tertiary';

/** Runs `commit` on Enter without submitting the form around it (the builder's boxes commit as typed). */
export function commitOnEnter(commit: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  };
}

interface RangeEditorProps {
  value: unknown;
  onCommit: (value: Range) => void;
  label: string;
  disabled?: boolean;
}

/**
 * Two integer boxes for `between` (docs/product.md §7.7, §7.14): each keystroke commits [min|null, max|null]
 * (docs/decisions/032); a box keeps what is typed and follows the tree only when the tree changes from elsewhere.
 * The maximum box's lower bound follows the minimum (0 when it is unset).
 */
export function RangeEditor({ value, onCommit, label, disabled }: RangeEditorProps) {
  const [committedMin, committedMax] = toRange(value);
  const [minText, setMinText] = useState(show(committedMin));
  const [maxText, setMaxText] = useState(show(committedMax));

  useEffect(
    () => setMinText((text) => (parseBound(text) === committedMin ? text : show(committedMin))),
    [committedMin],
  );
  useEffect(
    () => setMaxText((text) => (parseBound(text) === committedMax ? text : show(committedMax))),
    [committedMax],
  );

  const min = parseBound(minText);
  const max = parseBound(maxText);
  const isInverted = min !== null && max !== null && max < min;

  const handleChange = (which: 'min' | 'max', text: string) => {
    (which === 'min' ? setMinText : setMaxText)(text);
    const next: Range = which === 'min' ? [parseBound(text), max] : [min, parseBound(text)];
    if (next[0] !== committedMin || next[1] !== committedMax) onCommit(next);
  };
  const ignoreEnter = commitOnEnter(() => undefined);
  // Leaving a box tidies what it shows ("-5" reads 0, "2.5" empty); the tree already holds that value.
  const tidy = () => {
    setMinText(show(min));
    setMaxText(show(max));
  };

  return (
    <span className="inline-flex items-center gap-2">
      <input
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        placeholder="min"
        aria-label={`${label} minimum`}
        className={cx(editorInputClasses, 'w-24 border-gray-300')}
        value={minText}
        disabled={disabled}
        onChange={(event) => handleChange('min', event.target.value)}
        onBlur={tidy}
        onKeyDown={ignoreEnter}
      />
      <span className="text-sm text-text-secondary">and</span>
      <input
        type="number"
        inputMode="numeric"
        min={min ?? 0}
        step={1}
        placeholder="max"
        aria-label={`${label} maximum`}
        aria-invalid={isInverted || undefined}
        className={cx(editorInputClasses, 'w-24', isInverted ? 'border-danger-dark' : 'border-gray-300')}
        value={maxText}
        disabled={disabled}
        onChange={(event) => handleChange('max', event.target.value)}
        onBlur={tidy}
        onKeyDown={ignoreEnter}
      />
    </span>
  );
}
