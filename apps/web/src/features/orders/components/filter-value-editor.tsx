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

/** A text value held locally and committed to the tree when the box loses focus (docs/product.md §7.14). */
function TextValueEditor({ value, onCommit, label, placeholder, disabled }: CommitEditorProps) {
  const committed = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const [text, setText] = useState(committed);
  useEffect(() => setText(committed), [committed]);
  const commit = () => {
    if (text !== committed) onCommit(text);
  };
  return (
    <input
      type="text"
      aria-label={`${label} value`}
      placeholder={placeholder}
      className={cx(editorInputClasses, 'w-48 border-gray-300 sm:w-56')}
      value={text}
      disabled={disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={commitOnEnter(commit)}
    />
  );
}

/** One whole number for >, >=, <, <= and =, committed on blur; empty or non-numeric is null. */
function IntegerValueEditor({ value, onCommit, label, disabled }: CommitEditorProps) {
  const committed = Array.isArray(value) ? null : parseBound(value);
  const [text, setText] = useState(committed === null ? '' : String(committed));
  useEffect(() => setText(committed === null ? '' : String(committed)), [committed]);
  const commit = () => {
    const next = parseBound(text);
    setText(next === null ? '' : String(next));
    if (next !== committed) onCommit(next);
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
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={commitOnEnter(commit)}
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
