import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { inputClasses } from './text-field.tsx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
}

/** A labelled select. */
export function SelectField({ label, options, hint, className, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-text-primary">
        {label}
      </label>
      <select
        id={id}
        className={cx(inputClasses(false), 'pr-8')}
        aria-describedby={hint ? `${id}-hint` : undefined}
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
    </div>
  );
}
