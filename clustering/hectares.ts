/**
 * The size an incident's agency reports, in hectares, from its `details`. Only two keys carry one:
 *
 * - `size_ha` (number): VicEmergency events and OSOM (numeric `size`), TasALERT (`burntArea`), TFS
 *   KML and bushfire summaries (`Size`, `SIZE`), NSW RFS hazard reductions (`size`).
 * - `size` (text with a unit): NSW RFS majorIncidents, GeoRSS and CAP ("1334 ha"), VicEmergency
 *   `sizeFmt` ("0.10 Ha.", or a list of NSW copies "0 ha, 0 ha").
 *
 * Words ("Small", "Unknown", "Not Available") give no size. WA DFES `area_burnt` is left out: the feed
 * states no unit, and every published sample is empty.
 */

/** A number followed by a hectare unit; thousands may be grouped with commas. */
const HECTARES_TEXT = /(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(?:ha|hectares?)\b/gi;

export function hectaresFromDetails(details: Readonly<Record<string, unknown>>): number | null {
  const numeric = details.size_ha;
  if (typeof numeric === 'number') return Number.isFinite(numeric) && numeric >= 0 ? numeric : null;
  return typeof details.size === 'string' ? hectaresFromText(details.size) : null;
}

/**
 * "1,234 ha" → 1234; "0.10 Ha." → 0.1; "Small" → null. A list of several figures is several copies
 * of one incident's size, so the largest is taken rather than their sum.
 */
export function hectaresFromText(text: string): number | null {
  const figures = [...text.matchAll(HECTARES_TEXT)].map((match) =>
    Number(`${(match[1] ?? '').replaceAll(',', '')}${match[2] ?? ''}`),
  );
  return figures.length > 0 ? Math.max(...figures) : null;
}
