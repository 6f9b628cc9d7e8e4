import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldMessages } from './field-messages.tsx';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  errors?: readonly string[];
}

/** A checkbox with its label (which may hold links) and validation messages. */
export function CheckboxField({ label, errors, className, ...rest }: CheckboxFieldProps) {
  const id = useId();
  const hasError = Boolean(errors && errors.length > 0);
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-primary-dark"
          aria-invalid={hasError || undefined}
          aria-describedby={hasError ? `${id}-errors` : undefined}
          {...rest}
        />
        <label htmlFor={id} className="text-sm text-text-primary">
          {label}
        </label>
      </div>
      <FieldMessages id={`${id}-errors`} messages={errors} />
    </div>
  );
}
