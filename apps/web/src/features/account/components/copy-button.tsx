import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';

/** Copies a text to the clipboard and says so for two seconds. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
    } catch {
      // No clipboard (an insecure origin): the text stays selectable on screen.
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={() => void handleCopy()} aria-live="polite">
      {isCopied ? M.keyCopied : label}
    </Button>
  );
}
