import { render, screen } from '@testing-library/react';
import { App } from './app.tsx';

it('renders the headline', async () => {
  render(<App />);
  expect(
    await screen.findByRole('heading', { name: 'Unlock Reddit Data at Scale' }, { timeout: 5000 }),
  ).toBeInTheDocument();
});
