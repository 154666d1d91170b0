import type { Settings } from '../../config/index.js';
import {
  LGA_2023_TO_2022_CODES,
  loadGeography,
  type Geography,
  type GeographyFiles,
} from '../../geo/index.js';
import { fileSha256 } from '../../lake/storage/file-sha256.js';

/**
 * How an API process finds its declarations geography: the DECLARATIONS_* settings name the files
 * (LGA boundaries, the G-NAF locality and postcode tables, the locality→LGA table), read once when
 * the process starts. Boundaries of the 2023 edition are read with their one changed code mapped back
 * to 2022, the edition declarations use. Undefined when no boundaries are set.
 */
export function geographyFiles(
  settings: Pick<
    Settings,
    | 'DECLARATIONS_BOUNDARIES'
    | 'DECLARATIONS_GNAF_LOCALITIES'
    | 'DECLARATIONS_GNAF_POSTCODES'
    | 'DECLARATIONS_POSTCODE_LOCALITIES'
  >,
): GeographyFiles | undefined {
  if (!settings.DECLARATIONS_BOUNDARIES) return undefined;
  return {
    boundaries: settings.DECLARATIONS_BOUNDARIES,
    boundaryOptions: { codeCrosswalk: LGA_2023_TO_2022_CODES },
    ...(settings.DECLARATIONS_GNAF_LOCALITIES
      ? { gnafLocalities: settings.DECLARATIONS_GNAF_LOCALITIES }
      : {}),
    ...(settings.DECLARATIONS_GNAF_POSTCODES ? { gnafPostcodes: settings.DECLARATIONS_GNAF_POSTCODES } : {}),
    ...(settings.DECLARATIONS_POSTCODE_LOCALITIES
      ? { postcodeLocalities: settings.DECLARATIONS_POSTCODE_LOCALITIES }
      : {}),
  };
}

/** The geography of one boundary version, with what names that version. */
export interface ServedGeography extends Geography {
  /**
   * `LGA 2023 (sha256 1a2b3c4d5e6f)`: the edition the file says, and its content; a made-up file's
   * says so: `LGA 2022, made-up stand-in boundaries, not the ABS LGAs (sha256 …)`.
   */
  boundaryVersion: string;
  /** Notes every lookup on this geography adds to its own: on made-up boundaries, that they are. */
  notes: string[];
}

/** Builds the point index and postcode directory once, for the life of the process. */
export async function loadServedGeography(files: GeographyFiles): Promise<ServedGeography> {
  const [geography, sha256] = await Promise.all([loadGeography(files), fileSha256(files.boundaries)]);
  const edition = geography.boundaries.edition ?? 'LGA (edition not stated)';
  const { madeUp } = geography.boundaries;
  return {
    ...geography,
    boundaryVersion: `${edition}${madeUp ? `, ${madeUp}` : ''} (sha256 ${sha256.slice(0, 12)})`,
    notes: madeUp ? [`Computed on ${madeUp}: the LGAs, suburbs and postcodes are made up.`] : [],
  };
}
