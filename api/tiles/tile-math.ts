/**
 * Web Mercator tile arithmetic (the XYZ scheme MapLibre and every slippy map use): a tile's edges in
 * degrees, and a point's place within a tile.
 */

/** A tile's edges in longitude and latitude. */
export interface TileBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

const tileLongitude = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const tileLatitude = (y: number, z: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

export function tileBounds(z: number, x: number, y: number): TileBounds {
  return {
    west: tileLongitude(x, z),
    east: tileLongitude(x + 1, z),
    north: tileLatitude(y, z),
    south: tileLatitude(y + 1, z),
  };
}

/** A point of tile (z, x, y) at (column, row) of an n × n grid laid over it, in degrees. */
export function gridPointLonLat(z: number, x: number, y: number, column: number, row: number, n: number) {
  return [tileLongitude(x + column / n, z), tileLatitude(y + row / n, z)] as const;
}

/** Whether x and y name a tile at zoom z. */
export function isTile(z: number, x: number, y: number): boolean {
  const size = 2 ** z;
  return x < size && y < size;
}
