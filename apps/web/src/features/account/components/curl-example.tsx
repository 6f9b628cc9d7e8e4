import { ACCOUNT_PATHS } from '../api/query-keys.ts';
import { CopyButton } from './copy-button.tsx';

/** The command that lists the caller's orders with a key, the header programs must send. */
export function curlCommand(apiKey: string, origin: string): string {
  return `curl -H "Authorization: Token ${apiKey}" ${origin}${ACCOUNT_PATHS.orderList}`;
}

/** A ready-to-run example; it shows the new key while it is on screen, a placeholder otherwise. */
export function CurlExample({ apiKey }: { apiKey?: string }) {
  const command = curlCommand(apiKey ?? '<your key>', window.location.origin);
  return (
    <div>
      <h3 className="text-sm font-semibold text-text-primary">Use a key</h3>
      <p className="mt-1 text-sm text-text-secondary">
        Send it in the <code className="font-mono text-xs">Authorization</code> header. This lists your
        orders:
      </p>
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <pre
          tabIndex={0}
          data-testid="curl-example"
          className="min-w-0 flex-1 overflow-x-auto rounded-md bg-ink p-3 font-mono text-xs text-white"
        >
          {command}
        </pre>
        <CopyButton text={command} label="Copy command" />
      </div>
    </div>
  );
}
