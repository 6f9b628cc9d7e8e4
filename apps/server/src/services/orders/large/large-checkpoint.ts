import type { ScrubCounts } from '@threadcart/contracts';
import type { Section } from '../../../exports/text-encoding.ts';
import type { WalkPosition } from '../../corpus/search/keyset-walk.ts';

/**
 * Where a large order's file stands after its last finished part (docs/decisions/045-large-orders.md): a restart
 * keeps the parts, starts the next one and walks on after `position`. Stored as JSON on the order.
 */
export interface LargeCheckpoint {
  /** parts finished: files 0 … parts − 1 */
  readonly parts: number;
  /** records in those parts, and of each section */
  readonly written: number;
  readonly posts: number;
  readonly comments: number;
  /** the section being written, and where its walk stands */
  readonly section: Section;
  readonly position: WalkPosition;
  /** how many posts the file holds (a `both` order's share, decision 008) */
  readonly postsTarget: number;
  /** the file's sample labelling, fixed by its first record */
  readonly isSample: boolean;
  /** replacements made in the texts of the finished parts (decision 036) */
  readonly scrub: ScrubCounts | null;
  /** every part is written: what is left is to join them */
  readonly isDone: boolean;
}

interface StoredCheckpoint extends Omit<LargeCheckpoint, 'position'> {
  readonly position: { rangeIndex: number; after: { value: string; id: string } | null };
}

export function serialiseCheckpoint(checkpoint: LargeCheckpoint): string {
  const { after } = checkpoint.position;
  const stored: StoredCheckpoint = {
    ...checkpoint,
    position: {
      rangeIndex: checkpoint.position.rangeIndex,
      after: after === undefined ? null : { value: String(after.value), id: after.id },
    },
  };
  return JSON.stringify(stored);
}

export function parseCheckpoint(text: string): LargeCheckpoint {
  const stored = JSON.parse(text) as StoredCheckpoint;
  const { after } = stored.position;
  return {
    ...stored,
    position: {
      rangeIndex: stored.position.rangeIndex,
      after: after === null ? undefined : { value: BigInt(after.value), id: after.id },
    },
  };
}

/** Two counts of replacements added (null: none). */
export function addScrubCounts(a: ScrubCounts | null, b: ScrubCounts | null): ScrubCounts | null {
  if (a === null || b === null) return a ?? b;
  return { email: a.email + b.email, phone: a.phone + b.phone, url: a.url + b.url, user: a.user + b.user };
}
