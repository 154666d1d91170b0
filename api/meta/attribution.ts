import { createRoute, z } from '@hono/zod-openapi';
import type { FeedDefinition } from '../../config/index.js';
import { STATES } from '../../model/index.js';

/** Only these licences (or an explicit permission statement) are published as they are. */
const RECOGNISED_LICENCES = [
  /^CC BY(-SA|-ND|-NC|-NC-SA|-NC-ND)? [234]\.0( AU| International)?$/,
  /^CC0 1\.0$/,
  /^Permission: .+/,
];
export const LICENCE_UNDER_REVIEW = 'Licence under review: contact the agency before reuse.';

export const DISCLAIMER =
  'Informational only. Data may be delayed, incomplete or inaccurate and is not a substitute for official warnings: always follow the advice of the emergency services.';

export function publishedLicence(licence: string): string {
  return RECOGNISED_LICENCES.some((pattern) => pattern.test(licence)) ? licence : LICENCE_UNDER_REVIEW;
}

const AttributionSource = z.object({
  state: z.enum(STATES),
  agency: z.string(),
  name: z.string(),
  licence: z.string(),
  url: z.string(),
  official: z.boolean(),
  attribution: z.string().optional(),
});

export const attributionRoute = createRoute({
  method: 'get',
  path: '/attribution',
  summary: 'Data sources, their licences and the attribution each agency asks for',
  responses: {
    200: {
      description: 'Attribution',
      content: {
        'application/json': {
          schema: z
            .object({
              description: z.string(),
              disclaimer: z.string(),
              count: z.number().int(),
              sources: z.array(AttributionSource),
            })
            .openapi('Attribution'),
        },
      },
    },
  },
});

export function attributionBody(catalogue: readonly FeedDefinition[]) {
  const sources = catalogue.map((feed) => ({
    state: feed.state,
    agency: feed.agencyName,
    name: feed.name,
    licence: publishedLicence(feed.licence),
    url: feed.homepage,
    official: feed.official,
    ...(feed.attribution ? { attribution: feed.attribution } : {}),
  }));
  return {
    description:
      'Incident data is aggregated from the official feeds of Australian state and territory emergency agencies. Attribution is required for compliance with the CC BY licences.',
    disclaimer: DISCLAIMER,
    count: sources.length,
    sources,
  };
}
