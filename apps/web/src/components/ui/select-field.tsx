import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { FieldMessages } from './field-messages.tsx';
import { inputClasses } from './text-field.tsx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  errors?: readonly string[];
}

/** A labelled select with its validation messages. */
export function SelectField({ label, options, hint, errors, className, ...rest }: SelectFieldProps) {
  const id = useId();
  const hasError = Boolean(errors && errors.length > 0);
  const describedBy = cx(hasError && `${id}-errors`, hint ? `${id}-hint` : undefined) || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-text-primary">
        {label}
      </label>
      <select
        id={id}
        className={cx(inputClasses(hasError), 'pr-8')}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-text-secondary">
          {hint}
        </p>
      )}
      <FieldMessages id={`${id}-errors`} messages={errors} />
    </div>
  );
}
