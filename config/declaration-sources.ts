/**
 * Where the declaration refresher reads its sources by default (settings override each).
 * NEMA renames the DRFA file with every release (`..._2026_august_11.csv`), so the default is the
 * data.gov.au catalogue entry of the dataset, which names the current file.
 */
export const DRFA_CATALOGUE_URL =
  'https://data.gov.au/data/api/3/action/package_show?id=drfa-activation-history-by-lga';

/** The one declaration refresher of a namespace (workflows/declaration-refresher.ts). */
export const DECLARATION_REFRESHER_WORKFLOW_ID = 'declarations:refresher';

export const NSW_REGISTER_BASE_URL =
  'https://www.nsw.gov.au/emergency/recovery/natural-disaster-declarations';

/** Financial years of NSW register pages read by default: as many as records stay relevant (ADR 12: 4 years). */
export const NSW_REGISTER_YEARS = 5;

/** `fy-2024-25` of an instant: Australian financial years start on 1 July. */
export function financialYearSlug(at: Date): string {
  const year = at.getUTCMonth() >= 6 ? at.getUTCFullYear() : at.getUTCFullYear() - 1;
  return `fy-${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** The register pages of the current and previous financial years, newest first. */
export function defaultNswRegisterPages(now: Date, years = NSW_REGISTER_YEARS): string[] {
  return Array.from({ length: years }, (_, back) => {
    const at = new Date(Date.UTC(now.getUTCFullYear() - back, now.getUTCMonth(), 1));
    return `${NSW_REGISTER_BASE_URL}/${financialYearSlug(at)}`;
  });
}
