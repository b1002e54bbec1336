/** The seed of every demo stream; changing it changes every generated id, name and price. */
export const DEMO_SEED = 20_240_601;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** FNV-1a: turns a stream label into a 32-bit seed, so each stream is independent of the others. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i += 1) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A small seeded pseudo-random generator (mulberry32). The same seed gives the same sequence on
 * every machine, which is what makes the demo data reproducible.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /**
   * An independent stream per concern (products, orders...), so adding a buyer does not reshuffle
   * every product name.
   *
   * @example
   * const rng = Random.stream('products');
   */
  static stream(label: string, seed = DEMO_SEED): Random {
    return new Random(hashLabel(`${seed}:${label}`));
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A number from min to max rounded to `decimals` places. */
  decimal(min: number, max: number, decimals = 2): number {
    return round(min + this.next() * (max - min), decimals);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list.');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` different items, in random order (all of them when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.min(count, items.length));
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** An id in the platform's generated style (letters and digits). */
  id(length = 22): string {
    let id = '';
    for (let i = 0; i < length; i += 1) id += ID_ALPHABET[Math.floor(this.next() * ID_ALPHABET.length)];
    return id;
  }

  /** A string of digits, e.g. for card endings and tracking numbers. */
  digits(length: number): string {
    let digits = '';
    for (let i = 0; i < length; i += 1) digits += String(this.int(0, 9));
    return digits;
  }
}

/** Rounds half away from zero to `decimals` places; money is always shown with two. */
export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

/** `n` left-padded with zeros to `width` digits. */
export const pad = (n: number, width: number): string => String(n).padStart(width, '0');
