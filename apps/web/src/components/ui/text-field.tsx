import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx.ts';
import { FieldMessages } from './field-messages.tsx';

export const inputClasses = (hasError: boolean) =>
  cx(
    'block w-full rounded-md border bg-surface px-3 py-2 text-base text-text-primary shadow-sm',
    'placeholder:text-text-tertiary focus:outline-2 focus:outline-offset-0 focus:outline-secondary',
    hasError ? 'border-danger-dark' : 'border-gray-300',
  );

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  errors?: readonly string[];
  hint?: ReactNode;
  /** Content placed inside the input's box on the right (the password toggle). */
  trailing?: ReactNode;
}

/** A labelled input with its validation messages. */
export function TextField({ label, errors, hint, trailing, className, ...rest }: TextFieldProps) {
  const id = useId();
  const hasError = Boolean(errors && errors.length > 0);
  const describedBy = cx(hasError && `${id}-errors`, hint ? `${id}-hint` : undefined) || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-text-primary">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          className={cx(inputClasses(hasError), trailing ? 'pr-20' : undefined)}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-text-secondary">
          {hint}
        </p>
      )}
      <FieldMessages id={`${id}-errors`} messages={errors} />
    </div>
  );
}
