// A seeded random source for the fuzz tests: a failing case replays from its seed and index.

/** mulberry32: a tiny seeded PRNG. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float = () => this.next();
  int = (min: number, max: number) => min + Math.floor(this.next() * (max - min + 1));
  chance = (p: number) => this.next() < p;
  pick = <T>(items: readonly T[]): T => items[Math.floor(this.next() * items.length)]!;
}
