import type { Position } from '../../model/index.js';
import { DECIMAL } from './values.js';

/**
 * Coordinates written as text in latitude-first order, `"-34.65,138.69"` or `"-34.71, 135.79"`: SA
 * CRIIMSON `Location`, NT `coordinate`, TAS `location.value`, QLD GeoRSS points, CAP `<circle>` centres
 * and WA `georss:polygon` lines. Results are GeoJSON [lng, lat]; undefined when the text is not two
 * finite numbers within range. Never swaps or rounds.
 */

/** An exponent after the number (`-3.1e1`): accepted only where a reader has always accepted it. */
const EXPONENT = String.raw`(?:[eE][-+]?\d+)?`;

function latLonPattern(number: string): RegExp {
  return new RegExp(`^\\s*(${number})\\s*,\\s*(${number})\\s*$`);
}

const LAT_LON = latLonPattern(DECIMAL);
const LAT_LON_WITH_EXPONENT = latLonPattern(DECIMAL + EXPONENT);

export interface LatLonTextOptions {
  /**
   * Also read numbers written with an exponent (`-3.1e1,1.5e2`). The CAP circle and WA polygon readers
   * always have; the other callers refuse such text. Default false.
   */
  exponent?: boolean;
}

/** One `lat,lon` pair (spaces allowed around the comma) → [lng, lat]; undefined if unreadable or out of range. */
export function positionFromLatLonText(text: string, options: LatLonTextOptions = {}): Position | undefined {
  const match = (options.exponent ? LAT_LON_WITH_EXPONENT : LAT_LON).exec(text);
  if (!match) return undefined;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return undefined;
  return [lng, lat];
}

/**
 * `lat,lon` pairs one per line (blank lines ignored; exponents read) → [lng, lat] positions in order.
 * A line that cannot be read is skipped and counted in `skipped`.
 */
export function positionsFromLatLonLines(text: string): { positions: Position[]; skipped: number } {
  const positions: Position[] = [];
  let skipped = 0;
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() === '') continue;
    const position = positionFromLatLonText(line, { exponent: true });
    if (position) positions.push(position);
    else skipped += 1;
  }
  return { positions, skipped };
}
