import { useEffect, useRef, useState } from 'react';

/**
 * Counts down from `seconds`, one step a second, while `key` stays the same, then calls `onDone` once. A null key
 * is idle. The timer is cleared on unmount and whenever the key changes. Returns the seconds left.
 */
export function useCountdown(key: string | null, seconds: number, onDone: () => void): number {
  const [state, setState] = useState<{ key: string | null; left: number }>({ key, left: seconds });
  const onDoneRef = useRef(onDone);

  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (key === null) return;
    let left = seconds;
    const timer = setInterval(() => {
      left -= 1;
      setState({ key, left: Math.max(left, 0) });
      if (left <= 0) {
        clearInterval(timer);
        onDoneRef.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [key, seconds]);

  return state.key === key ? state.left : seconds;
}
