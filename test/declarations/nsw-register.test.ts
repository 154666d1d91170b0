import { describe, expect, it } from 'vitest';
import { readLgaGeoJson, LGA_2023_TO_2022_CODES } from '../../geo/index.js';
import { readFileSync } from 'node:fs';
import {
  htmlLines,
  parseNswDeclarationLines,
  parseNswDeclarationPage,
  parseNswRegisterPage,
  parseNswRegisterRows,
  startDateInName,
} from '../../sources/declarations/index.js';
import { nswDeclarationPageHtml, nswRegisterPageHtml } from '../../replay/stand-ins/declarations/index.js';
import type { LgaRef } from '../../model/index.js';
import { realGeographyPaths } from '../geo/support/real-geography.js';
import { storedNswPages } from './support/nsw-register-markdown.js';

const lgas: LgaRef[] = readLgaGeoJson(readFileSync(realGeographyPaths().geojson, 'utf8'), {
  codeCrosswalk: LGA_2023_TO_2022_CODES,
}).lgas.map(({ code, name, jurisdiction }) => ({ code, name, jurisdiction }));
const nameOf = (code: string) => lgas.find((lga) => lga.code === code)?.name;

const page = (fragment: string) => {
  const found = storedNswPages().find((stored) => stored.url.includes(fragment));
  if (!found) throw new Error(`No stored page ${fragment}`);
  return found;
};

describe('NSW register, stored page text', () => {
  it('FY 2023-24: one LGA per AGRN (the "AGRN 1141" form), start dates from the names; the cut-off row is reported', () => {
    const fy = page('fy-2023-24');
    const { records, rejected } = parseNswRegisterRows(fy.table, { sourceUrl: fy.url, lgas });
    expect(records.map((r) => [r.agrn, r.area.name, r.startDate])).toEqual([
      [1141, 'Central Darling', '2024-02-05'],
      [1140, 'Singleton', '2023-12-08'],
      [1139, 'Mid-Western', '2023-12-06'],
      [1138, 'Richmond Valley', '2023-12-04'],
      [1137, 'Parkes', '2023-11-19'],
      [1136, 'Lithgow', '2023-11-11'],
      [1135, 'Byron', '2023-10-14'],
      [1134, 'Tamworth', '2023-10-26'],
      [1133, 'Lake Macquarie', '2023-10-01'],
      [1132, 'Snowy Monaro', '2023-09-20'],
      [1131, 'Upper Hunter', '2023-08-10'],
    ]);
    expect(
      records.every((r) => r.instrumentType === 'state_natural_disaster_declaration' && r.endDate === null),
    ).toBe(true);
    expect(records[1]).toMatchObject({
      disasterTypes: ['bushfire'],
      assistance: 'Counter disaster operations',
      sourceUrl: fy.url,
    });
    // The stored copy stops inside the AGRN 1129 row: it names no LGA, and says so.
    expect(rejected).toEqual([expect.objectContaining({ line: 38, reason: 'no LGA named' })]);
  });

  it('FY 2021-22: bare AGRNs, and a cell of 51 LGA names run together read against the ABS names', () => {
    const fy = page('fy-2021-22');
    const { records, rejected } = parseNswRegisterRows(fy.table, { sourceUrl: fy.url, lgas });
    const agrn1025 = records.filter((r) => r.agrn === 1025);
    expect(agrn1025).toHaveLength(51);
    expect(agrn1025.map((r) => r.area.name)).toEqual(
      expect.arrayContaining([
        'Canterbury-Bankstown',
        'Port Macquarie-Hastings',
        'Mid-Coast',
        'Nambucca Valley',
        'The Hills',
        'Upper Lachlan',
        'Bayside (NSW)',
        'Central Coast (NSW)',
      ]),
    );
    expect(agrn1025[0]).toMatchObject({
      startDate: '2022-06-27',
      disasterTypes: ['severe_weather', 'flood'],
    });
    expect(records.filter((r) => r.agrn === 1014).map((r) => r.area.code)).toEqual(['11250']);
    // AGRN 1012's cell is cut off mid-name ("Lithg…"): the names before it are kept, the fragment reported.
    const agrn1012 = records.filter((r) => r.agrn === 1012).map((r) => r.area.name);
    expect(agrn1012).toEqual(
      expect.arrayContaining(['Bega Valley', 'Ku-ring-gai', 'Glen Innes Severn', 'Lismore']),
    );
    expect(agrn1012).not.toContain('Lithgow');
    expect(rejected).toEqual([
      expect.objectContaining({ line: 49, reason: 'LGA name "lithg" matches no NSW LGA' }),
    ]);
  });

  it("a declaration's own page (AGRN 1170, spelt ARGN in its list intro) lists 18 LGAs", () => {
    const stored = page('storms-from-15-january-2025');
    // The stored copy wraps the page's one-per-line list into comma-separated lines: rejoin it.
    const intro = stored.lines.findIndex((line) => /following local government areas/.test(line));
    const lines = [...stored.lines.slice(0, intro + 1), stored.lines.slice(intro + 1).join(' ')];
    const { records, rejected } = parseNswDeclarationLines(lines, { sourceUrl: stored.url, lgas });
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(18);
    expect(records.map((r) => r.area.name)).toEqual(
      expect.arrayContaining(['Ku-ring-gai', 'Wagga Wagga', 'Mid-Coast']),
    );
    expect(records[0]).toMatchObject({
      agrn: 1170,
      startDate: '2025-01-15',
      disasterTypes: ['severe_weather', 'storm'],
    });
  });
});

describe('NSW register, page markup', () => {
  const pick = (...codes: string[]) => codes.map((code) => lgas.find((lga) => lga.code === code) as LgaRef);

  it('reads the table from a page: <br>- and list-separated LGA cells, entities, both AGRN forms', () => {
    const html = nswRegisterPageHtml('2030-31', [
      {
        agrn: 9101,
        disasterTypes: 'NSW Storms and floods',
        name: 'Made-up NSW Storm 5 February – 6 February 2031',
        lgas: pick('14850', '10250', '18350'),
        assistance: ['Counter disaster operations', 'Sporting clubs: $2,000 grant'],
        lgaMarkup: 'br',
      },
      {
        agrn: 9102,
        agrnStyle: 'bare',
        disasterTypes: 'Bushfires',
        name: 'Made-up Bushfire from 1 November 2030 onwards',
        lgas: pick('16490', '12850'),
        assistance: ['Primary producers'],
        lgaMarkup: 'list',
      },
    ]);
    const url = 'https://www.nsw.gov.au/emergency/recovery/natural-disaster-declarations/fy-2030-31';
    const { records, rejected } = parseNswRegisterPage(html, { sourceUrl: url, lgas });
    expect(rejected).toEqual([]);
    expect(records.map((r) => [r.agrn, r.area.code, r.startDate])).toEqual([
      [9101, '14850', '2031-02-05'],
      [9101, '10250', '2031-02-05'],
      [9101, '18350', '2031-02-05'],
      [9102, '16490', '2030-11-01'],
      [9102, '12850', '2030-11-01'],
    ]);
    expect(records[0]?.assistance).toBe('Counter disaster operations; Sporting clubs: $2,000 grant');
    expect(records[0]?.eventName).toBe('Made-up NSW Storm 5 February – 6 February 2031');
    expect(nameOf('18350')).toBe(records[2]?.area.name);
  });

  it("reads a declaration's own page from its <h1> on, ignoring navigation", () => {
    const html = nswDeclarationPageHtml({
      agrn: 9103,
      disasterTypes: 'Storms',
      name: 'Made-up Severe Weather and Storms from 15 January 2031',
      lgas: pick('10250', '14850'),
      assistance: ['Grants up to $50,000'],
    });
    const { records, rejected } = parseNswDeclarationPage(html, {
      sourceUrl: 'https://example.invalid/9103',
      lgas,
    });
    expect(rejected).toEqual([]);
    expect(records.map((r) => [r.id, r.startDate])).toEqual([
      ['nsw_disaster_declarations:9103:lga:10250', '2031-01-15'],
      ['nsw_disaster_declarations:9103:lga:14850', '2031-01-15'],
    ]);
  });

  it('a page without a register table fails as a whole; a row without a date or AGRN is reported', () => {
    expect(() => parseNswRegisterPage('<p>No table here</p>', { sourceUrl: 'x', lgas })).toThrow(
      /No NSW register table/,
    );
    const rows = [
      {
        line: 1,
        cells: [
          ['AGRN'],
          ['Disaster types'],
          ['Name of disaster'],
          ['Local Government Area'],
          ['Assistance available'],
        ],
      },
      { line: 2, cells: [['AGRN 12a'], ['Storm'], ['Storm 1 May 2030'], ['Lismore'], ['']] },
      { line: 3, cells: [['AGRN 9104'], ['Storm'], ['Storm in May'], ['Lismore'], ['']] },
      {
        line: 4,
        cells: [['AGRN 9105'], ['Storm'], ['Storm 2 May 2030'], ['Lismore', 'Atlantis Shire'], ['']],
      },
    ];
    const { records, rejected } = parseNswRegisterRows(rows, { sourceUrl: 'x', lgas });
    expect(records.map((r) => r.id)).toEqual(['nsw_disaster_declarations:9105:lga:14850']);
    expect(rejected.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 2, reason: 'AGRN cell "AGRN 12a" is not an AGRN' },
      { line: 3, reason: 'no start date in the name of the disaster' },
      { line: 4, reason: 'LGA name "atlantis shire" matches no NSW LGA' },
    ]);
  });
});

describe('disaster names and page text', () => {
  it('take the first date of a name as the start', () => {
    expect(startDateInName('Snowy Monaro NSW Bushfire 20 September – 4 October 2023')).toBe('2023-09-20');
    expect(startDateInName('Storms 28 December 2023 – 2 January 2024')).toBe('2023-12-28');
    expect(startDateInName('Lithgow NSW Bushfire 11 – 17 November 2023')).toBe('2023-11-11');
    expect(startDateInName('NSW Severe Weather from 04 June 2024 onward')).toBe('2024-06-04');
    expect(startDateInName('Wingecarribee Severe Storm - 19 April 2022')).toBe('2022-04-19');
    expect(startDateInName('Storm 31 February 2024')).toBeUndefined();
    expect(startDateInName('Storm in autumn')).toBeUndefined();
  });

  it('page text: block tags break lines, scripts and comments go, entities decode', () => {
    expect(
      htmlLines(
        '<p>A&nbsp;&amp; B</p><!-- x --><script>var a = "<p>";</script><ul><li>C&#8211;D</li><li>E</li></ul>',
      ),
    ).toEqual(['A & B', 'C–D', 'E']);
  });
});
