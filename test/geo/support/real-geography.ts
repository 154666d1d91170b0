import { LGA_2023_TO_2022_CODES, loadGeography, type Geography } from '../../../geo/index.js';
import { requireSharedFolder } from '../../../replay/shared-samples.js';

/** Paths of the real geography files in ../shared (the suite fails clearly without them). */
export function realGeographyPaths() {
  const dir = requireSharedFolder('reference/geo');
  return {
    geojson: `${dir}/abs_lga_2023_simplified_gda94.geojson`,
    topojson: `${dir}/abs_lga_2023_simplified_gda2020.topojson.json`,
    lga2022Codes: `${dir}/abs_lga_2022_codes_terriajs.json`,
    gnafLocalities: `${dir}/gnaf_localities_au_joelkoen.csv`,
    gnafPostcodes: `${dir}/gnaf_postcodes_au_joelkoen.csv`,
    postcodeLocalities: `${dir}/matthewproctor_australian_postcodes_2025-09.csv`,
  };
}

let loading: Promise<Geography> | undefined;

/**
 * The real geography, built once per test file: the simplified ABS LGA 2023 boundaries (codes mapped
 * back to 2022) with the G-NAF and postcode tables. The simplified set is coarse: tests over it assert
 * only what its ~6,000 vertices can carry (points well inside an LGA, postcode-level facts).
 */
export function realGeography(): Promise<Geography> {
  const paths = realGeographyPaths();
  loading ??= loadGeography({
    boundaries: paths.geojson,
    boundaryOptions: { codeCrosswalk: LGA_2023_TO_2022_CODES },
    gnafLocalities: paths.gnafLocalities,
    gnafPostcodes: paths.gnafPostcodes,
    postcodeLocalities: paths.postcodeLocalities,
  });
  return loading;
}
