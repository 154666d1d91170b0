/**
 * A CKAN catalogue entry (data.gov.au `package_show`), as far as the DRFA refresh needs it: the
 * address of the dataset's current CSV. NEMA replaces the file, and its name, with each release.
 */
interface CkanResource {
  url?: unknown;
  format?: unknown;
  last_modified?: unknown;
  created?: unknown;
}

/** True when a fetched body is a catalogue entry rather than the data itself. */
export function isCkanPackage(text: string): boolean {
  return /^\s*\{/.test(text) && /"resources"\s*:/.test(text);
}

/** The newest CSV resource's URL; throws when the entry names none. */
export function ckanCsvResourceUrl(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('The catalogue entry is not JSON');
  }
  const root = parsed as { result?: { resources?: unknown } };
  const resources = Array.isArray(root.result?.resources) ? (root.result.resources as CkanResource[]) : [];
  const asText = (value: unknown) => (typeof value === 'string' ? value : '');
  const stamp = (resource: CkanResource) => asText(resource.last_modified) || asText(resource.created);
  const csv = resources
    .filter((resource) => typeof resource.url === 'string' && /^https?:\/\//.test(resource.url))
    .filter(
      (resource) =>
        asText(resource.format).toLowerCase() === 'csv' || /\.csv(?:$|\?)/i.test(asText(resource.url)),
    )
    .sort((a, b) => stamp(b).localeCompare(stamp(a)))[0];
  if (!csv) throw new Error('The catalogue entry names no CSV resource');
  return csv.url as string;
}
