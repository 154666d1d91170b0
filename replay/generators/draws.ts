/**
 * Made-up values drawn from one seeded stream (random.ts): each call takes the draws it needs, in
 * order, so the same stream always gives the same values.
 */
export interface Draws {
  /** A number in [min, max). */
  between: (min: number, max: number) => number;
  /** One of `values`, each as likely. */
  pick: <T>(values: readonly T[]) => T;
  /** Two or three of `syllables` run together, as written: a made-up place or person's name. */
  word: (syllables: readonly string[]) => string;
}

export function draws(random: () => number): Draws {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  return {
    between: (min, max) => min + random() * (max - min),
    pick,
    word: (syllables) => Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(syllables)).join(''),
  };
}

/** `wanlin` → `Wanlin`. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
