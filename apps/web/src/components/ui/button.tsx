import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary-solid text-white shadow-sm hover:brightness-90',
  secondary: 'bg-secondary-solid text-white shadow-sm hover:brightness-90',
  outline: 'border border-gray-300 bg-surface text-text-primary hover:bg-gray-50',
  ghost: 'text-text-primary hover:bg-gray-100',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-10 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

/** The class list of a button; links that look like buttons use it too. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean } = {}): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold leading-tight transition',
    'disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:brightness-100',
    VARIANTS[variant],
    SIZES[size],
    fullWidth && 'w-full',
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner and disables the button. */
  isLoading?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  isLoading = false,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClasses({ variant, size, fullWidth }), className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading && <Spinner />}
      {children}
    </button>
  );
}
