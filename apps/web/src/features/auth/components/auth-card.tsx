import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The centred card (at most 28rem wide) that holds the sign-in and sign-up forms. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md">
        <Link
          to="/home"
          className="mb-6 block text-center text-2xl font-bold text-primary-dark hover:underline"
          aria-label="Threadcart home"
        >
          Threadcart
        </Link>
        <div className="rounded-lg border border-gray-200 bg-surface p-6 shadow-md sm:p-8">
          <h1 className="text-2xl font-bold text-text-primary">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-text-secondary">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}

export function Divider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-text-secondary">
      <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
      {label}
      <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
    </div>
  );
}

export const linkClasses = 'font-medium text-secondary-dark underline-offset-2 hover:underline';
