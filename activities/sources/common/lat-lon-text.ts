import type { Position } from '../../../model/index.js';

/**
 * Coordinates written as text in latitude-first order ("-31.95,115.86", "-31.95, 115.86"), as
 * WA georss:polygon, SA `Location` and NT `coordinate` do. Results are GeoJSON [lng, lat].
 */

const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
const LAT_LON = new RegExp(`^\\s*(${NUMBER})\\s*,\\s*(${NUMBER})\\s*$`);

/** One `lat,lon` pair (spaces allowed around the comma) → [lng, lat]; undefined if unreadable or out of range. */
export function positionFromLatLonText(text: string): Position | undefined {
  const match = LAT_LON.exec(text);
  if (!match) return undefined;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return undefined;
  return [lng, lat];
}

/**
 * `lat,lon` pairs one per line (blank lines ignored) → [lng, lat] positions in order.
 * A line that cannot be read is skipped and counted in `skipped`.
 */
export function positionsFromLatLonLines(text: string): { positions: Position[]; skipped: number } {
  const positions: Position[] = [];
  let skipped = 0;
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() === '') continue;
    const position = positionFromLatLonText(line);
    if (position) positions.push(position);
    else skipped += 1;
  }
  return { positions, skipped };
}
