/**
 * A small seeded PRNG (mulberry32): the same seed gives the same stock on every machine, so
 * tests, benchmarks and screenshots see identical data.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `[['petrol', 60], ['diesel', 25], ...]`. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** Roughly normal (sum of uniforms), clamped to [min, max]. */
  around(mean: number, spread: number, min: number, max: number): number {
    const n = (this.next() + this.next() + this.next() - 1.5) / 1.5;
    return Math.min(max, Math.max(min, mean + n * spread));
  }

  /** A deterministic fork, so adding a field to one generator does not reshuffle the others. */
  fork(salt: number): Random {
    return new Random(Math.imul(this.state ^ salt, 2654435761));
  }
}
