import { useId } from 'react';
import type { QueryCheck } from '../filter-builder-config.ts';

/**
 * The read-only SQL-style preview: describeFilterTree of the parsed tree, i.e. exactly the query_string the
 * server will store; while the tree is unfinished, what is still missing.
 */
export function QueryPreview({ check }: { check: QueryCheck }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-text-primary">
        Query Preview
      </label>
      <textarea
        id={id}
        readOnly
        rows={3}
        value={check.status === 'valid' ? check.preview : ''}
        placeholder="Complete the filters above to see the query."
        aria-describedby={check.status === 'invalid' ? `${id}-issues` : undefined}
        className="block w-full resize-y rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm text-text-primary placeholder:text-text-secondary"
      />
      {check.status === 'invalid' && (
        <ul id={`${id}-issues`} className="mt-1 space-y-0.5 text-sm text-warning">
          {check.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
