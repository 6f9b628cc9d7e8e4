import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container.tsx';

/** A signed-in page whose content a later issue fills in. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-bold text-text-primary">{title}</h1>
      <div className="mt-4 text-text-secondary">{children}</div>
    </Container>
  );
}
