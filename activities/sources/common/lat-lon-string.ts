import type { Position } from '../../../model/index.js';

/**
 * Positions written as one string, latitude first: `"-34.65,138.69"`, `"-34.71, 135.79"` (SA CRIIMSON
 * `Location`, NT `coordinate`). Returns GeoJSON order [lng, lat], or undefined when the text is not two
 * finite numbers within range. Never swaps or rounds.
 */
const LAT_LON = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*,\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*$/;

export function parseLatLonString(text: string): Position | undefined {
  const match = LAT_LON.exec(text);
  if (!match) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return undefined;
  return [longitude, latitude];
}
