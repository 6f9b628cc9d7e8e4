import type { HTMLAttributes } from 'react';
import { cx } from './cx.ts';

/** The page's horizontal frame: full width on phones, at most 80rem on wide screens. */
export function Container({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)} {...rest} />;
}
