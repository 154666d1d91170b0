import { readFile } from 'node:fs/promises';
import { loadLgaBoundaries } from './boundaries/load.js';
import type { BoundaryReadOptions, LgaBoundarySet } from './boundaries/lga-boundary.js';
import { buildLgaIndex, type LgaIndex } from './lga-index.js';
import {
  parseAustralianPostcodesCsv,
  parseGnafLocalitiesCsv,
  parseGnafPostcodesCsv,
  type TableParse,
} from './localities/locality-tables.js';
import { buildPostcodeDirectory, type PostcodeDirectory } from './localities/postcode-directory.js';

/** The files one boundary version's geography is built from (settings name them). */
export interface GeographyFiles {
  /** ABS LGA boundaries: `.shp` (with `.dbf`), GeoJSON or TopoJSON. */
  boundaries: string;
  boundaryOptions?: BoundaryReadOptions;
  /** G-NAF localities CSV (`locality,state,postcode,count,latitude,longitude`). */
  gnafLocalities?: string;
  /** G-NAF postcodes CSV (`state,postcode,count,latitude,longitude`). */
  gnafPostcodes?: string;
  /** Australian postcodes CSV (Postcode, Locality, State, Lat, Long, …, LGA Code). */
  postcodeLocalities?: string;
}

export interface Geography {
  boundaries: LgaBoundarySet;
  index: LgaIndex;
  directory: PostcodeDirectory;
  /** Rows each table could not use, by file. */
  rejected: Record<string, TableParse<unknown>['rejected']>;
}

async function table<T>(
  path: string | undefined,
  parse: (text: string) => TableParse<T>,
): Promise<TableParse<T>> {
  return path ? parse(await readFile(path, 'utf8')) : { rows: [], rejected: [] };
}

/** Reads the files and builds the point-in-LGA index and the postcode directory once. */
export async function loadGeography(files: GeographyFiles): Promise<Geography> {
  const boundaries = await loadLgaBoundaries(files.boundaries, files.boundaryOptions);
  const index = buildLgaIndex(boundaries);
  const [gnafLocalities, gnafPostcodes, postcodeLocalities] = await Promise.all([
    table(files.gnafLocalities, parseGnafLocalitiesCsv),
    table(files.gnafPostcodes, parseGnafPostcodesCsv),
    table(files.postcodeLocalities, parseAustralianPostcodesCsv),
  ]);
  const directory = buildPostcodeDirectory({
    index,
    gnafLocalities: gnafLocalities.rows,
    gnafPostcodes: gnafPostcodes.rows,
    postcodeLocalities: postcodeLocalities.rows,
  });
  const rejected: Geography['rejected'] = {};
  for (const [path, parsed] of [
    [files.gnafLocalities, gnafLocalities],
    [files.gnafPostcodes, gnafPostcodes],
    [files.postcodeLocalities, postcodeLocalities],
  ] as const) {
    if (path) rejected[path] = parsed.rejected;
  }
  return { boundaries, index, directory, rejected };
}
