import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';

export interface ConfirmActionProps {
  /** The button's text ("Delete") and the verb of its confirmation ("Yes, delete"). */
  label: string;
  confirmLabel: string;
  /** Names the object for assistive technology: "Delete Pipeline". */
  ariaLabel: string;
  /** What acting does, asked before it happens. */
  question: string;
  isPending?: boolean;
  onConfirm: () => void;
  /** Shown under the question (the action's failure). */
  children?: ReactNode;
}

/** A button for an action that cannot be undone: it asks first, with the action and Cancel in its place. */
export function ConfirmAction({
  label,
  confirmLabel,
  ariaLabel,
  question,
  isPending = false,
  onConfirm,
  children,
}: ConfirmActionProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  if (!isConfirming) {
    return (
      <Button size="sm" variant="outline" aria-label={ariaLabel} onClick={() => setIsConfirming(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div className="flex flex-col items-end gap-2" role="group" aria-label={ariaLabel}>
      <span className="text-xs text-text-secondary">{question}</span>
      <div className="flex gap-2">
        <Button size="sm" isLoading={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setIsConfirming(false)}>
          Cancel
        </Button>
      </div>
      {children}
    </div>
  );
}
