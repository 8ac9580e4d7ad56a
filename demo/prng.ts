// Seeded pseudo-random numbers for the synthetic filers: the same seed always yields the same warehouse.

/** mulberry32: small, fast, good enough for synthetic data; returns floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value jittered by up to ±spread (fraction) around 1. */
export function jitter(random: () => number, spread: number): number {
  return 1 + spread * (2 * random() - 1);
}
