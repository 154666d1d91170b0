/**
 * WA DFES incidents: the id and names every incident format shares (legacy incident_FCAD.json and
 * incident_FCAD.rss, v1 /incidents).
 *
 * The incident id is DFES's CAD number ("FCAD"): `DFESUniqueNumber` in incident_FCAD.json, the
 * `incidentNumber` and "FCAD: n" of incident_FCAD.rss, `cad-id` in the v1 API, "CAD-ID: n" in v1 RSS
 * titles, and `dfes:incidentNumber` on warnings about the incident. The website's own incident id
 * (`incidentEventsId`, the legacy RSS `guid`, v1 `id`) stands in, prefixed `web-`, only when a
 * record has no CAD number.
 */

export function incidentFeedId(cadId: string | undefined, websiteId: string | undefined): string | undefined {
  if (cadId) return cadId;
  return websiteId ? `web-${websiteId}` : undefined;
}

/** "Bushfire - KUNUNURRA"; the same for an incident in either legacy format. */
export function incidentTitle(type: string | undefined, ...places: (string | undefined)[]): string {
  const place = places.find((value) => value !== undefined && value !== '');
  const head = type ?? 'Incident';
  return place ? `${head} - ${place}` : head;
}

/** "unknown LGA" (legacy RSS) means no LGA. */
export function lgaOf(lga: string | undefined): string {
  return lga && !/^unknown lga$/i.test(lga) ? lga : '';
}

/** The legacy website's incident page. */
export function legacyIncidentUrl(websiteId: string | undefined): string | undefined {
  return websiteId ? `https://www.emergency.wa.gov.au/#map/incident/${websiteId}` : undefined;
}
