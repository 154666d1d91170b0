import { closedRing } from '../../geo/shapes.js';
import type { Geography } from '../../geo/index.js';
import type { AreaSpec, ResolvedArea } from '../../subscriptions/types.js';
import { problems, ProblemError } from '../problem.js';

const needsGeography = () =>
  problems.unavailable(
    'LGA and postcode areas need the LGA boundaries (DECLARATIONS_BOUNDARIES), which this service has not loaded.',
  );

function lgaPolygons(geography: Geography, code: string) {
  return geography.index.outerRings(code).map((ring) => [ring]);
}

/**
 * An area as matching uses it, resolved once when the subscription is made: an LGA becomes its
 * boundary's parts, a postcode the parts of the LGAs its suburbs lie in (the geography has LGA
 * boundaries, not postcode ones), both with their codes (gauges carry LGA codes).
 */
export async function resolveArea(
  area: AreaSpec,
  geography: Promise<Geography> | undefined,
): Promise<ResolvedArea> {
  switch (area.type) {
    case 'point':
      return { kind: 'circle', longitude: area.lng, latitude: area.lat, radiusKm: area.radiusKm };
    case 'state':
      return { kind: 'state', state: area.state };
    case 'polygon':
      return { kind: 'polygons', polygons: [area.polygon.coordinates.map(closedRing)], lgaCodes: [] };
    case 'lga': {
      if (!geography) throw needsGeography();
      const polygons = lgaPolygons(await geography, area.code);
      if (polygons.length === 0)
        throw problems.invalidParameter(`area.code: no LGA has the code ${area.code}`);
      return { kind: 'polygons', polygons, lgaCodes: [area.code] };
    }
    case 'postcode': {
      if (!geography) throw needsGeography();
      const served = await geography;
      const codes = served.directory.entry(area.postcode)?.lgas.map((lga) => lga.code) ?? [];
      const polygons = codes.flatMap((code) => lgaPolygons(served, code));
      if (polygons.length === 0)
        throw problems.invalidParameter(`area.postcode: the postcode ${area.postcode} lies in no known LGA`);
      return { kind: 'polygons', polygons, lgaCodes: codes };
    }
  }
}

/** A target refused as a webhook URL (SSRF): 400, saying why. */
export const targetRefused = (reason: string, channel: 'webhook' | 'email' = 'webhook') =>
  channel === 'email'
    ? new ProblemError(400, 'target-refused', 'E-mail target refused', `email: ${reason}`)
    : new ProblemError(400, 'target-refused', 'Webhook target refused', `url: ${reason}`);
