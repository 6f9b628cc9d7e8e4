import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './use-countdown.ts';

beforeEach(() => vi.useFakeTimers());

it('counts down once a second and calls onDone once at zero', () => {
  const onDone = vi.fn();
  const { result } = renderHook(() => useCountdown('done', 5, onDone));
  expect(result.current).toBe(5);
  act(() => vi.advanceTimersByTime(1000));
  expect(result.current).toBe(4);
  act(() => vi.advanceTimersByTime(3000));
  expect(result.current).toBe(1);
  expect(onDone).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime(1000));
  expect(onDone).toHaveBeenCalledTimes(1);
  act(() => vi.advanceTimersByTime(5000));
  expect(onDone).toHaveBeenCalledTimes(1);
});

it('stays idle with a null key', () => {
  const onDone = vi.fn();
  renderHook(() => useCountdown(null, 2, onDone));
  act(() => vi.advanceTimersByTime(5000));
  expect(onDone).not.toHaveBeenCalled();
});

it('restarts when the key changes and stops when unmounted', () => {
  const onDone = vi.fn();
  const { result, rerender, unmount } = renderHook(({ key, seconds }) => useCountdown(key, seconds, onDone), {
    initialProps: { key: 'a' as string | null, seconds: 5 },
  });
  act(() => vi.advanceTimersByTime(3000));
  expect(result.current).toBe(2);
  rerender({ key: 'b', seconds: 2 });
  expect(result.current).toBe(2);
  act(() => vi.advanceTimersByTime(1000));
  expect(result.current).toBe(1);
  unmount();
  act(() => vi.advanceTimersByTime(10_000));
  expect(onDone).not.toHaveBeenCalled();
  expect(vi.getTimerCount()).toBe(0);
});

it('calls the latest onDone', () => {
  const first = vi.fn();
  const second = vi.fn();
  const { rerender } = renderHook(({ onDone }) => useCountdown('k', 1, onDone), {
    initialProps: { onDone: first },
  });
  rerender({ onDone: second });
  act(() => vi.advanceTimersByTime(1000));
  expect(first).not.toHaveBeenCalled();
  expect(second).toHaveBeenCalledTimes(1);
});
