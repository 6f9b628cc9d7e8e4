import { asciiLower, FILTER_FIELD_DEFS, type NamesField } from '@threadcart/contracts';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { cx } from '../../../components/ui/cx.ts';
import { useNameSuggestions } from '../api/suggest-names.ts';
import { editorInputClasses } from './range-editor.tsx';

const numberFormat = new Intl.NumberFormat('en-US');
const SEPARATOR = /[\s,]+/;
const describeRecords = (n: number) => `${numberFormat.format(n)} ${n === 1 ? 'record' : 'records'}`;

/** The names a rule holds: a list, or one string with commas or spaces between them (the parser takes both). */
export function toNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return value.split(SEPARATOR).filter(Boolean);
  return [];
}

/** A typed name without spaces and without the field's prefix (`r/`, `/r/`, `u/`), as the parser reads it. */
export function cleanName(raw: string, prefix: string): string {
  const name = raw.trim();
  if (!prefix) return name;
  const lowered = asciiLower(name);
  if (lowered.startsWith(`/${prefix}`)) return name.slice(prefix.length + 1);
  if (lowered.startsWith(prefix)) return name.slice(prefix.length);
  return name;
}

const sameName = (a: string, b: string) => asciiLower(a) === asciiLower(b);

interface NamesEditorProps {
  field: NamesField;
  value: unknown;
  onCommit: (value: string[]) => void;
  label: string;
  disabled?: boolean;
}

/**
 * A token input for subreddit, author and domain rules: Enter, a comma or a space adds the typed name (its r/ or
 * u/ dropped, lower-cased as the contracts' parser stores it), Backspace in an empty box removes the last one, and the corpus suggests names as you type (a
 * combobox: arrows move through them, Enter or a click picks one). Each change is committed to the tree at once.
 */
export function NamesEditor({ field, value, onCommit, label, disabled }: NamesEditorProps) {
  const prefix = FILTER_FIELD_DEFS[field].prefix;
  const names = toNames(value);
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const query = cleanName(text, prefix);
  const { suggestions } = useNameSuggestions(field, query, isOpen && !disabled);
  // The previous prefix's list stays up while the next one loads: keep only what still fits what is typed.
  const options = suggestions.filter(
    (option) =>
      asciiLower(option.name).startsWith(asciiLower(query)) &&
      !names.some((name) => sameName(name, option.name)),
  );
  const isListShown = isOpen && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const add = (raw: readonly string[]) => {
    const next = [...names];
    for (const item of raw) {
      // Lower-cased as the parser stores names (they compare case-insensitively), so the preview matches.
      const name = asciiLower(cleanName(item, prefix));
      if (name && !next.some((existing) => sameName(existing, name))) next.push(name);
    }
    setText('');
    setActive(-1);
    if (next.length !== names.length) onCommit(next);
  };
  const removeAt = (index: number) => onCommit(names.filter((_, i) => i !== index));

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const parts = event.target.value.split(SEPARATOR);
    const rest = parts.pop() ?? '';
    setIsOpen(true);
    setActive(-1);
    // A pasted list, or a space typed after a name: every finished part becomes a token.
    if (parts.length > 0) {
      add(parts);
      setText(rest);
    } else setText(rest);
  };

  const move = (step: 1 | -1) => {
    setIsOpen(true);
    if (options.length === 0) return;
    const last = options.length - 1;
    setActive((current) => {
      if (step === 1) return current >= last ? 0 : current + 1;
      return current <= 0 ? last : current - 1;
    });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Enter': {
        // Never submits the form around the builder.
        event.preventDefault();
        const picked = isListShown && active >= 0 ? options[active] : undefined;
        if (picked) add([picked.name]);
        else if (text.trim()) add([text]);
        return;
      }
      case ',':
        event.preventDefault();
        add([text]);
        return;
      case 'Backspace':
        if (text === '' && names.length > 0) {
          event.preventDefault();
          removeAt(names.length - 1);
        }
        return;
      case 'Escape':
        if (isListShown) {
          event.preventDefault();
          setIsOpen(false);
          setActive(-1);
        }
        return;
    }
  };

  return (
    <div className="inline-flex min-w-0 flex-col gap-1">
      <div
        className={cx(
          editorInputClasses,
          'flex w-64 flex-wrap items-center gap-1 border-gray-300 py-1 focus-within:outline-2 focus-within:outline-secondary sm:w-80',
        )}
        onClick={() => inputRef.current?.focus()}
      >
        {names.length > 0 && (
          <ul aria-label={`${label} chosen`} className="contents">
            {names.map((name, index) => (
              <li
                key={asciiLower(name)}
                className="inline-flex items-center gap-1 rounded bg-gray-100 py-0.5 pr-0.5 pl-2 text-sm"
              >
                <span>
                  {prefix}
                  {name}
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  disabled={disabled}
                  className="rounded px-1 text-text-secondary hover:bg-gray-200 hover:text-text-primary"
                  onClick={() => removeAt(index)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={`${label} value`}
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={isListShown ? listboxId : undefined}
          aria-activedescendant={isListShown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={names.length === 0 ? `Type a name${prefix ? `, e.g. ${prefix}…` : ''}` : undefined}
          className="min-w-24 flex-1 border-0 bg-transparent px-1 py-0.5 text-sm outline-none"
          value={text}
          disabled={disabled}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onFocus={() => setIsOpen(true)}
          onBlur={() => {
            setIsOpen(false);
            setActive(-1);
            if (text.trim()) add([text]);
          }}
        />
      </div>
      {isListShown && (
        <ul
          id={listboxId}
          role="listbox"
          aria-label={`${label} suggestions`}
          className="max-h-60 w-64 overflow-y-auto rounded-md border border-gray-300 bg-surface py-1 text-sm shadow-md sm:w-80"
        >
          {options.map((option, index) => (
            <li
              key={option.name}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              aria-label={`${prefix}${option.name}, ${describeRecords(option.records)}`}
              className={cx(
                'flex cursor-pointer justify-between gap-3 px-3 py-1.5',
                index === active ? 'bg-secondary-subtle' : 'hover:bg-gray-50',
              )}
              // Keeps the focus in the box, so picking does not first commit the typed text on blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add([option.name])}
            >
              <span className="truncate text-text-primary">
                {prefix}
                {option.name}
              </span>
              <span className="shrink-0 text-text-secondary">{describeRecords(option.records)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
