import { GENERATED_AGENCY, type InterchangeCellsRow } from './generate.js';

/**
 * The README's archive example, a snapshot of Victoria on Ash Wednesday (16 February 1983), answers
 * from the real AIDR list; the demo's generated archive carries this made-up row on that day so that
 * the example answers there too. It says what it is in its title and description.
 */
export const README_EXAMPLE_ARCHIVE_ROWS: readonly InterchangeCellsRow[] = [
  {
    source_id: 'readme-1983-02-16',
    agency: GENERATED_AGENCY,
    state: 'vic',
    event_type: 'bushfire',
    title: 'Bushfire - made-up stand-in for Ash Wednesday',
    event_start_date: '1983-02-16',
    event_end_date: '1983-02-16',
    latitude: '-37.40',
    longitude: '144.59',
    address: '',
    suburb: '',
    postcode: '',
    lga: '',
    magnitude: '',
    magnitude_scale: '',
    impact_deaths: '',
    impact_affected: '',
    impact_economic: '',
    glide_number: '',
    details: JSON.stringify({
      description:
        'A made-up row of the generated demo archive, on the day of the README example. The real AIDR list is loaded instead when ../shared is beside the project.',
    }),
  },
];
