/**
 * 32-bit FNV-1a over UTF-16 code units: a short, stable, pure digest for ids built from content
 * (feeds that give a record no id of their own). Callers choose how to write it (base 16, 36…), and
 * must never change that for a published id.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
