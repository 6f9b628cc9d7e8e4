interface FlagEditorProps {
  value: unknown;
  onCommit: (value: boolean) => void;
  label: string;
  disabled?: boolean;
}

/** A flag rule (nsfw, removed) as a switch: on is `true`, off is `false`; committed at once. */
export function FlagEditor({ value, onCommit, label, disabled }: FlagEditorProps) {
  const isOn = value === true || value === 'true';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCommit(!isOn)}
      className="inline-flex items-center gap-2 rounded-md px-1 py-1 text-sm text-text-primary"
    >
      <span
        aria-hidden="true"
        className={`relative inline-block h-5 w-9 rounded-full transition ${isOn ? 'bg-secondary' : 'bg-gray-300'}`}
      >
        <span
          className={`absolute top-0.5 size-4 rounded-full bg-surface shadow transition-all ${isOn ? 'left-4.5' : 'left-0.5'}`}
        />
      </span>
      <span className="w-10 text-left">{isOn ? 'true' : 'false'}</span>
    </button>
  );
}
