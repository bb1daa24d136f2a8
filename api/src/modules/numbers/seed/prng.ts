/**
 * A small seeded generator (mulberry32) so the seed is the same on every machine: tests and
 * the e2e suite can rely on which numbers exist without shipping a 100,000-row fixture.
 */
// Module-level copies: the seed makes millions of calls, and a global lookup is slow inside a
// vm context such as Jest's (about 10 times the whole generation time there).
const { imul, floor } = Math;

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: () => number, maxExclusive: number): number {
  return floor(random() * maxExclusive);
}
