/** Position in the list's keyset order (start date newest first, then id). */
export interface ListPosition {
  startDate: string;
  id: string;
}

/** The opaque `cursor`: base64url of the last item's key. */
export function encodeListCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.startDate, position.id]), 'utf8').toString('base64url');
}

/** A cursor back to its position; undefined for anything this service did not issue (the route's 400). */
export function decodeListCursor(cursor: string): ListPosition | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [startDate, id] = value as unknown[];
    if (typeof startDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return undefined;
    if (typeof id !== 'string' || id.length === 0 || id.length > 100) return undefined;
    return { startDate, id };
  } catch {
    return undefined;
  }
}

/** True when `item` comes after `position` in list order. */
export function isAfter(item: ListPosition, position: ListPosition): boolean {
  return (
    item.startDate < position.startDate || (item.startDate === position.startDate && item.id > position.id)
  );
}
