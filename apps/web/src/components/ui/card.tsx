import type { HTMLAttributes } from 'react';
import { cx } from './cx.ts';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx('rounded-lg border border-gray-200 bg-surface p-6 shadow', className)} {...rest} />
  );
}
