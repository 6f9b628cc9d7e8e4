import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

describe('landing page', () => {
  test('has every section of docs/product.md §2.6 with its buttons', async () => {
    mockApi();
    renderApp('/');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Unlock Reddit Data at Scale' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/signup');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      '/login',
    );
    const audience = screen.getByRole('region', { name: 'Who Is It For?' });
    for (const who of ['Researchers', 'Marketers', 'Developers']) {
      expect(within(audience).getByRole('heading', { name: who })).toBeInTheDocument();
    }
    const samples = screen.getByRole('region', { name: 'Real Reddit Data, Ready to Use' });
    expect(within(samples).getAllByRole('figure')).toHaveLength(3);
    for (const field of [
      '"selftext"',
      '"num_comments"',
      '"created_utc"',
      '"subreddit"',
      '"parent_id"',
      '"body"',
    ]) {
      expect(within(samples).getAllByText(new RegExp(field)).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('link', { name: 'View Pricing Plans' })).toHaveAttribute('href', '/pricing');
    expect(
      screen.getByRole('heading', { name: 'Ready to extract your first 1,000 Reddit records?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start for Free' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText(/Bootstrapped in Jordan by data experts/)).toBeInTheDocument();
  });
});

describe('legal pages', () => {
  test('terms has eight sections, the content of docs/product.md §2.6 and a link to /privacy', async () => {
    mockApi();
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(within(article).getAllByRole('heading', { level: 2 })).toHaveLength(8);
    expect(article).toHaveTextContent('1,000 credits cost 1 USD');
    expect(article).toHaveTextContent('Volume discounts');
    expect(article).toHaveTextContent('18 years of age or older');
    expect(article).toHaveTextContent('Credits expire 7 to 90 days after purchase');
    for (const use of [
      'spamming or manipulating content',
      'harvesting private user information',
      'illegal activity',
      'reverse engineering',
    ]) {
      expect(article).toHaveTextContent(use);
    }
    expect(article).toHaveTextContent('availability of any content are not guaranteed');
    expect(within(article).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  test('privacy has seven sections, the content of docs/product.md §2.6 and a link to /terms', async () => {
    mockApi();
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(within(article).getAllByRole('heading', { level: 2 })).toHaveLength(7);
    for (const text of [
      'username and email',
      'Payment information',
      'Usage and search history',
      'IP address, device and browser',
      '365 days after the account is deleted',
      'Payment records: kept for 7 years',
      'deleted 90 days after the order',
      'access to your data, its correction or deletion, and opt out of marketing',
    ]) {
      expect(article).toHaveTextContent(text);
    }
    expect(within(article).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });
});

describe('pages that exist (issue 33)', () => {
  test.each([
    ['/features', 'Features', 'Five file formats with a manifest'],
    ['/about', 'About Us', 'Who we are'],
    ['/refund', 'Refund Policy', 'Refunds of purchases'],
    ['/data-dictionary', 'Data dictionary', 'Posts'],
  ])('%s is a page of its own', async (path, heading, part) => {
    mockApi();
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(new RegExp(part)).length).toBeGreaterThan(0);
    expect(currentLocation.pathname).toBe(path);
  });
});
