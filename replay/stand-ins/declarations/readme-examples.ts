import type { ExtraLga } from '../geo/index.js';

/**
 * The README's declaration examples: postcode 2480 and a point near Lismore on 15 March 2022, and AGRN
 * 1012 (the NSW floods from 22 February 2022). The real files answer them with the real LGA and
 * activations; the demo's made-up stand-ins carry the same values so that the examples answer there
 * too: a made-up NSW LGA beside the grid that holds the point, made-up suburbs of postcode 2480 in it,
 * and a made-up activation AGRN 1012 over it from 22 February 2022.
 */
export const README_EXAMPLES = {
  postcode: '2480',
  point: { lat: -28.81, lng: 153.28 },
  asAt: '2022-03-15',
  agrn: 1012,
  startDate: '2022-02-22',
} as const;

/** A 0.5° square around the example point, clear of the grid (which ends at 152° E). */
export const README_EXAMPLE_LGA: ExtraLga = {
  code: '18480',
  name: 'Riverbend',
  state: 'nsw',
  west: 153,
  north: -28.5,
  size: 0.5,
};

export const README_EXAMPLE_EVENT_NAME = `AGRN ${README_EXAMPLES.agrn} - Made-up Severe Weather and Flooding (22 February 2022 onwards)`;
