import { FILTER_FIELD_DEFS, type ChoicesField } from '@threadcart/contracts';

/** The choices a rule holds: a list, or one string with commas or spaces between them (the parser takes both). */
export function toChoices(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

interface ChoicesEditorProps {
  field: ChoicesField;
  value: unknown;
  onCommit: (value: string[]) => void;
  label: string;
  disabled?: boolean;
}

/** A choices rule (post_kind) as one checkbox per choice of the registry; committed at once, in registry order. */
export function ChoicesEditor({ field, value, onCommit, label, disabled }: ChoicesEditorProps) {
  const choices = FILTER_FIELD_DEFS[field].choices as readonly string[];
  const picked = new Set(toChoices(value).map((choice) => choice.toLowerCase()));
  const toggle = (choice: string) => {
    const next = new Set(picked);
    if (next.has(choice)) next.delete(choice);
    else next.add(choice);
    onCommit(choices.filter((c) => next.has(c)));
  };
  return (
    <span role="group" aria-label={label} className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      {choices.map((choice) => (
        <label key={choice} className="inline-flex items-center gap-1.5 text-sm text-text-primary">
          <input
            type="checkbox"
            className="size-4 rounded border-gray-300 accent-primary-dark"
            checked={picked.has(choice)}
            disabled={disabled}
            onChange={() => toggle(choice)}
          />
          {choice}
        </label>
      ))}
    </span>
  );
}
