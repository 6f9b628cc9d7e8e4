import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders, TOASTER_OPTIONS } from './providers.tsx';

describe('toasts', () => {
  test('sit at the top right; success lasts 3 s and error 5 s', async () => {
    expect(TOASTER_OPTIONS.position).toBe('top-right');
    vi.useFakeTimers();
    render(<AppProviders queryClient={createQueryClient()}>{null}</AppProviders>);
    act(() => {
      toast.success('Saved');
      toast.error('Broken');
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Broken')).toBeInTheDocument();
    const toaster = document.querySelector('[data-rht-toaster]') as HTMLElement;
    expect(toaster.style.right).toBe('16px');
    // Each step lets react-hot-toast's effect-driven timers run; dismissal then takes a 1 s removal delay.
    for (let elapsed = 0; elapsed < 4500; elapsed += 250) await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Broken')).toBeInTheDocument();
    for (let elapsed = 0; elapsed < 2000; elapsed += 250) await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.queryByText('Broken')).not.toBeInTheDocument();
  });
});
