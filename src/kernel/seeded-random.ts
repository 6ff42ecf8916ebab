/**
 * Tommy Ettinger's mulberry32: a small, well-mixed 32-bit generator that gives the same numbers in every runtime for
 * the same seed (a shuffle that can be repeated, a failing property that replays exactly). Numbers in [0, 1).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
