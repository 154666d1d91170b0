import {
  buildLgaIndex,
  buildPostcodeDirectory,
  parseAustralianPostcodesCsv,
  parseGnafLocalitiesCsv,
  parseGnafPostcodesCsv,
  readLgaGeoJson,
} from '../../../geo/index.js';
import { generateLgaGrid, generateLocalityTables } from '../../../replay/stand-ins/geo/index.js';

/** The stand-in geography built through the same parsers as the real files. */
export function standInGeography(options: { columns?: number; rows?: number } = {}) {
  const grid = generateLgaGrid({ columns: options.columns ?? 4, rows: options.rows ?? 3 });
  const tables = generateLocalityTables(grid);
  const index = buildLgaIndex(readLgaGeoJson(grid.geojson));
  const directory = buildPostcodeDirectory({
    index,
    gnafLocalities: parseGnafLocalitiesCsv(tables.gnafLocalitiesCsv).rows,
    gnafPostcodes: parseGnafPostcodesCsv(tables.gnafPostcodesCsv).rows,
    postcodeLocalities: parseAustralianPostcodesCsv(tables.postcodeLocalitiesCsv).rows,
  });
  return { grid, tables, index, directory };
}
