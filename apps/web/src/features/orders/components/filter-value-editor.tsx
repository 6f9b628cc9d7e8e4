import { NUMERIC_FIELDS } from '@threadcart/contracts';
import { useEffect, useState } from 'react';
import type { ValueEditorProps } from 'react-querybuilder';
import { cx } from '../../../components/ui/cx.ts';
import { fieldLabel } from '../filter-builder-config.ts';
import { commitOnEnter, editorInputClasses, parseBound, RangeEditor } from './range-editor.tsx';

const isNumericField = (field: string) => (NUMERIC_FIELDS as readonly string[]).includes(field);

interface CommitEditorProps {
  value: unknown;
  onCommit: (value: unknown) => void;
  label: string;
  placeholder?: string;
  disabled?: boolean;
}

/** A text value held locally and committed to the tree when the box loses focus (spec §4). */
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

/** The builder's value editor: a range for `between`, one integer for the other numeric operators, text otherwise. */
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
  if (isNumericField(field)) {
    return operator === 'between' ? <RangeEditor {...common} /> : <IntegerValueEditor {...common} />;
  }
  return <TextValueEditor {...common} placeholder={fieldData?.placeholder} />;
}
