/** Small readers for the loosely typed values of parsed JSON and XML documents. */

/** A plain object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string as it is, or a finite number written out; anything else undefined. Callers trim as they need. */
export function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The record without its undefined members: details keep only what the feed said. */
export function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** The value as trimmed text (a string, or a finite number written out); blank and anything else undefined. */
export function trimmedText(value: unknown): string | undefined {
  return stringOf(value)?.trim() || undefined;
}

/** Digits grouped by thousands: the commas of "1,500.5". */
const THOUSANDS_SEPARATOR = /(?<=\d),(?=\d{3}(?!\d))/g;
/** A decimal number: `-34.65`, `+12`, `-.5` (a pattern, for larger ones). */
export const DECIMAL = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)`;
const DECIMAL_TEXT = new RegExp(`^${DECIMAL}$`);

/** A finite number, or one written as decimal text ("3", " -26.6 ", "1,500.5"); anything else undefined. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(THOUSANDS_SEPARATOR, '');
  return DECIMAL_TEXT.test(text) ? Number(text) : undefined;
}

/** The record without its undefined or '' members: details keep only what the feed said. */
export function withoutEmpty<T extends object>(record: T): T {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== ''),
  ) as T;
}
