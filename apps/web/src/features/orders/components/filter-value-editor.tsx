import { isFilterField, kindOf, type ChoicesField, type NamesField } from '@threadcart/contracts';
import { useEffect, useState } from 'react';
import type { ValueEditorProps } from 'react-querybuilder';
import { cx } from '../../../components/ui/cx.ts';
import { fieldLabel } from '../filter-builder-config.ts';
import { ChoicesEditor } from './choices-editor.tsx';
import { DateEditor } from './date-editor.tsx';
import { FlagEditor } from './flag-editor.tsx';
import { NamesEditor } from './names-editor.tsx';
import { commitOnEnter, editorInputClasses, parseBound, RangeEditor } from './range-editor.tsx';

interface CommitEditorProps {
  value: unknown;
  onCommit: (value: unknown) => void;
  label: string;
  placeholder?: string;
  disabled?: boolean;
}

/** A text value committed to the tree as it is typed (values never wait for a blur: docs/decisions/032). */
function TextValueEditor({ value, onCommit, label, placeholder, disabled }: CommitEditorProps) {
  const committed = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return (
    <input
      type="text"
      aria-label={`${label} value`}
      placeholder={placeholder}
      className={cx(editorInputClasses, 'w-48 border-gray-300 sm:w-56')}
      value={committed}
      disabled={disabled}
      onChange={(event) => onCommit(event.target.value)}
      onKeyDown={commitOnEnter(() => undefined)}
    />
  );
}

/**
 * One whole number for >, >=, <, <= and =, committed as typed; empty or non-numeric is null. The box keeps what is
 * typed ("-" on the way to a number) and follows the tree only when the tree changes from elsewhere.
 */
function IntegerValueEditor({ value, onCommit, label, disabled }: CommitEditorProps) {
  const committed = Array.isArray(value) ? null : parseBound(value);
  const [text, setText] = useState(committed === null ? '' : String(committed));
  useEffect(() => {
    setText((current) =>
      parseBound(current) === committed ? current : committed === null ? '' : String(committed),
    );
  }, [committed]);
  const handleChange = (next: string) => {
    setText(next);
    const parsed = parseBound(next);
    if (parsed !== committed) onCommit(parsed);
  };
  return (
    <input
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      aria-label={`${label} value`}
      className={cx(editorInputClasses, 'w-24 border-gray-300')}
      value={text}
      disabled={disabled}
      onChange={(event) => handleChange(event.target.value)}
      onKeyDown={commitOnEnter(() => undefined)}
    />
  );
}

/**
 * The builder's value editor, chosen by the field's value kind in the registry: a range or one integer for
 * numbers, from/to dates for `created`, a switch for flags, a token input with suggestions for names, checkboxes
 * for choices, a text box for keyword, regex and flair (and for a field the registry does not know).
 */
export function FilterValueEditor({
  field,
  operator,
  value,
  handleOnChange,
  fieldData,
  disabled,
}: ValueEditorProps) {
  const label = fieldData?.label ?? fieldLabel(field);
  const common = { value, onCommit: handleOnChange, label, disabled };
  const text = <TextValueEditor {...common} placeholder={fieldData?.placeholder} />;
  if (!isFilterField(field)) return text;
  switch (kindOf(field)) {
    case 'number':
      return operator === 'between' ? <RangeEditor {...common} /> : <IntegerValueEditor {...common} />;
    case 'date':
      return <DateEditor {...common} operator={operator} />;
    case 'flag':
      return <FlagEditor {...common} />;
    case 'names':
      return <NamesEditor {...common} field={field as NamesField} />;
    case 'choices':
      return <ChoicesEditor {...common} field={field as ChoicesField} />;
    case 'keyword':
    case 'regex':
    case 'text':
      return text;
  }
}
