/**
 * A record's place in a random sample (decision 017): a 53-bit hash of the seed and the id (cyrb53, a small
 * well-mixed non-cryptographic hash). Sorting by it orders the matches uniformly at random, the same way on both
 * databases and in the reference evaluator, and the same seed gives the same sample of the same corpus.
 */
export function sampleRank(seed: number, id: string): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
