/**
 * Bureau of Meteorology quality codes, used by KiWIS `Quality Code` and SOS2 qualifiers alike:
 * A–F grades, a rainfall-only code for "no rain recorded", and the codes of missing values.
 */
export const BOM_QUALITY_GRADES: Readonly<Record<string, string>> = {
  '10': 'A',
  '90': 'B',
  '110': 'C',
  '140': 'E',
  '210': 'F',
};

/** Rainfall: no measurement recorded over the period of the total. */
export const BOM_ZERO_RAIN_CODE = '130';

/** Codes that come with a missing (null) value. */
export const BOM_MISSING_CODES: ReadonlySet<string> = new Set(['-1', '255']);

/** The BoM grade letter of a quality code, or undefined for codes that are not grades. */
export function bomQualityGrade(code: string | null): string | undefined {
  return code === null ? undefined : BOM_QUALITY_GRADES[code];
}
