import { render, screen } from '@testing-library/react';
import { App } from './app.tsx';

it('renders the headline', () => {
  render(<App />);
  expect(screen.getByRole('heading', { name: 'Unlock Reddit Data at Scale' })).toBeInTheDocument();
});
