import { stringify } from 'csv-stringify/sync';
import type { LgaGrid, StandInLga } from './lga-grid.js';
import { prng } from '../../random.js';
import { madeUpName } from './made-up-name.js';

/**
 * Made-up locality tables in the real files' formats (G-NAF localities and postcodes, and the
 * Australian postcodes table), laid over a stand-in LGA grid. Every postcode covers two neighbouring
 * LGAs; one suburb's addresses centre exactly on a shared LGA edge (it spans both); and the border
 * postcode has a suburb of the same name on each side of the Queensland–New South Wales line.
 */
export interface StandInLocalityTables {
  gnafLocalitiesCsv: string;
  gnafPostcodesCsv: string;
  postcodeLocalitiesCsv: string;
  /** The special cases, for tests and the demo. */
  cases: {
    straddling: { postcode: string; suburb: string; lgaCodes: string[] };
    border: { postcode: string; suburb: string; qldLga: string; nswLga: string };
    spanning: { postcode: string; lgaCodes: string[] };
  };
}

/** The Australian postcodes table's header, column for column. */
const POSTCODE_TABLE_COLUMNS = [
  'ID', 'Postcode', 'Locality', 'State', 'Long', 'Lat', 'DC', 'Type', 'SA3', 'SA3 Name', 'SA4', 'SA4 Name',
  'Region', 'Status', 'Lat (Google)', 'Long (Google)', 'SA1 CODE 2021', 'SA1 NAME 2021', 'SA2 CODE 2021',
  'SA2 NAME 2021', 'SA3 CODE 2021', 'SA3 NAME 2021', 'SA4 CODE 2021', 'SA4 NAME 2021', 'RA 2011', 'RA 2016',
  'RA 2021', 'RA 2021 Name', 'MMM 2015', 'MMM 2019', 'CED', 'Altitude', 'Charge Zone', 'PHN Code', 'PHN Name',
  'LGA Region', 'LGA Code', 'Electorate', 'Electorate Rating', 'State Electoral Code', 'State Electoral Name',
]; // prettier-ignore

interface Locality {
  postcode: string;
  name: string;
  state: 'NSW' | 'QLD';
  latitude: number;
  longitude: number;
  addresses: number;
  /** Also listed (postcode table only) with this state and point. */
  alsoIn?: { state: 'NSW' | 'QLD'; latitude: number; longitude: number; lgaCode: string };
  tableLga: { code: string; name: string };
}

type LgaCell = NonNullable<ReturnType<LgaGrid['cellOf']>>;

const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function generateLocalityTables(
  grid: LgaGrid,
  options: {
    localitiesPerLga?: number;
    seed?: number;
    /** LGAs beside the grid (its `extraLgas`), by code: the postcode their suburbs carry. */
    extraPostcodes?: Readonly<Record<string, string>>;
  } = {},
): StandInLocalityTables {
  const cells = grid.lgas.filter((lga) => lga.column !== undefined && lga.row !== undefined);
  const suburbs: SuburbDraws = {
    random: prng(options.seed ?? 7),
    perLga: options.localitiesPerLga ?? 4,
    nameNumber: 500,
    localities: [],
  };
  placeGridSuburbs(grid, cells, suburbs);
  placeExtraSuburbs(grid, options.extraPostcodes ?? {}, suburbs);
  const { straddling, left, right } = straddlingSuburb(grid, cells, madeUpName(suburbs.nameNumber++));
  const { border, qld } = borderSuburb(grid, cells, madeUpName(suburbs.nameNumber), left);
  const localities = [...suburbs.localities, straddling, border];
  return {
    gnafLocalitiesCsv: gnafLocalitiesCsv(localities),
    gnafPostcodesCsv: gnafPostcodesCsv(localities),
    postcodeLocalitiesCsv: postcodeLocalitiesCsv(localities, left.name),
    cases: {
      straddling: {
        postcode: straddling.postcode,
        suburb: straddling.name,
        lgaCodes: [left.code, right.code],
      },
      border: { postcode: border.postcode, suburb: border.name, qldLga: qld.code, nswLga: left.code },
      spanning: { postcode: postcodeOf(1, 0), lgaCodes: [left.code, right.code] },
    },
  };
}

/** Postcodes run along the rows, one to each pair of neighbouring cells: 43xx in Queensland, 23xx below. */
function postcodeOf(row: number, column: number): string {
  return row === 0 ? String(4300 + Math.floor(column / 2)) : String(2300 + row * 10 + Math.floor(column / 2));
}

/** The seeded draws the made-up suburbs consume, in order, and the suburbs made so far. */
interface SuburbDraws {
  random: () => number;
  perLga: number;
  /** The next made-up name's number. */
  nameNumber: number;
  localities: Locality[];
}

/** Where a batch of suburbs goes, and which LGA the postcode table names for them. */
interface SuburbPlacement {
  lga: StandInLga;
  cell: LgaCell;
  postcode: string;
  tableLga: { code: string; name: string };
  /** Each suburb lies in the cell `band[0]` to `band[0] + band[1]` of its height below the top. */
  band: readonly [number, number];
}

/** `perLga` made-up suburbs of an LGA at a postcode, clear of the cell's sides. */
function addSuburbs(draws: SuburbDraws, { lga, cell, postcode, tableLga, band }: SuburbPlacement): void {
  const { random } = draws;
  for (let i = 0; i < draws.perLga; i += 1) {
    draws.localities.push({
      postcode,
      name: madeUpName(draws.nameNumber++),
      state: lga.state === 'qld' ? 'QLD' : 'NSW',
      latitude: round(cell.north - cell.size * (band[0] + band[1] * random())),
      longitude: round(cell.west + cell.size * (0.1 + 0.8 * random())),
      addresses: 50 + Math.floor(random() * 5000),
      tableLga: { code: tableLga.code, name: tableLga.name },
    });
  }
}

function placeGridSuburbs(grid: LgaGrid, cells: StandInLga[], draws: SuburbDraws): void {
  for (const lga of cells) {
    const cell = grid.cellOf(lga.code);
    const { column, row } = lga;
    if (!cell || column === undefined || row === undefined) continue;
    // The postcode table gives one LGA per postcode: the left cell's of the pair.
    const pair = cells.find((other) => other.row === row && other.column === column - (column % 2));
    // Inside the cell, clear of its edges and of the enclave.
    addSuburbs(draws, {
      lga,
      cell,
      postcode: postcodeOf(row, column),
      tableLga: pair ?? lga,
      band: [0.05, 0.15],
    });
  }
}

/** An LGA beside the grid has a postcode of its own, as many of the suburbs in it as a cell has. */
function placeExtraSuburbs(
  grid: LgaGrid,
  extraPostcodes: Readonly<Record<string, string>>,
  draws: SuburbDraws,
): void {
  for (const [code, postcode] of Object.entries(extraPostcodes)) {
    const lga = grid.lgas.find((candidate) => candidate.code === code);
    const cell = grid.cellOf(code);
    if (!lga || !cell) throw new Error(`No LGA ${code} beside the stand-in grid`);
    addSuburbs(draws, { lga, cell, postcode, tableLga: lga, band: [0.1, 0.8] });
  }
}

/** A suburb whose addresses centre on the edge between the first NSW row's first two LGAs. */
function straddlingSuburb(
  grid: LgaGrid,
  cells: StandInLga[],
  name: string,
): { straddling: Locality; left: StandInLga; right: StandInLga } {
  const left = cells.find((lga) => lga.row === 1 && lga.column === 0);
  const right = cells.find((lga) => lga.row === 1 && lga.column === 1);
  const leftCell = left && grid.cellOf(left.code);
  if (!left || !right || !leftCell) throw new Error('The stand-in grid needs at least 2 columns and 2 rows');
  const straddling: Locality = {
    postcode: postcodeOf(1, 0),
    name,
    state: 'NSW',
    latitude: round(leftCell.north - leftCell.size * 0.9),
    longitude: leftCell.west + leftCell.size,
    addresses: 1200,
    tableLga: { code: left.code, name: left.name },
  };
  return { straddling, left, right };
}

/** A suburb listed in both states in the border postcode, like a town split by the state line. */
function borderSuburb(
  grid: LgaGrid,
  cells: StandInLga[],
  name: string,
  left: StandInLga,
): { border: Locality; qld: StandInLga } {
  const qld = cells.find((lga) => lga.row === 0 && lga.column === 0);
  const qldCell = qld && grid.cellOf(qld.code);
  if (!qld || !qldCell) throw new Error('The stand-in grid needs a Queensland row');
  const border: Locality = {
    postcode: postcodeOf(0, 0),
    name,
    state: 'QLD',
    latitude: round(qldCell.north - qldCell.size * 0.95),
    longitude: round(qldCell.west + qldCell.size * 0.5),
    addresses: 900,
    alsoIn: {
      state: 'NSW',
      latitude: round(qldCell.north - qldCell.size * 1.05),
      longitude: round(qldCell.west + qldCell.size * 0.5),
      lgaCode: left.code,
    },
    tableLga: { code: qld.code, name: qld.name },
  };
  return { border, qld };
}

function gnafLocalitiesCsv(localities: readonly Locality[]): string {
  return stringify(
    localities.map((l) => [l.name, l.state, l.postcode, l.addresses, l.latitude, l.longitude]),
    { header: true, columns: ['locality', 'state', 'postcode', 'count', 'latitude', 'longitude'] },
  );
}

/** Each postcode's address count and address-weighted mean point. */
function gnafPostcodesCsv(localities: readonly Locality[]): string {
  const byPostcode = new Map<string, Locality[]>();
  for (const l of localities) byPostcode.set(l.postcode, [...(byPostcode.get(l.postcode) ?? []), l]);
  return stringify(
    [...byPostcode].map(([postcode, group]) => {
      const total = group.reduce((sum, l) => sum + l.addresses, 0);
      const mean = (pick: (l: Locality) => number) =>
        round(group.reduce((sum, l) => sum + pick(l) * l.addresses, 0) / total);
      return [group[0]?.state ?? 'NSW', postcode, total, mean((l) => l.latitude), mean((l) => l.longitude)];
    }),
    { header: true, columns: ['state', 'postcode', 'count', 'latitude', 'longitude'] },
  );
}

/** One listing of a locality in the Australian postcodes table: its state, point and LGA there. */
interface TableListing {
  state: string;
  latitude: number;
  longitude: number;
  lga: { code: string; name: string };
}

/** The Australian postcodes table: a row per locality, and a second for one also listed across the border. */
function postcodeLocalitiesCsv(localities: readonly Locality[], alsoInLgaName: string): string {
  let id = 1;
  return stringify(
    localities.flatMap((l) => [
      tableRow(id++, l, { state: l.state, latitude: l.latitude, longitude: l.longitude, lga: l.tableLga }),
      ...(l.alsoIn
        ? [
            tableRow(id++, l, {
              state: l.alsoIn.state,
              latitude: l.alsoIn.latitude,
              longitude: l.alsoIn.longitude,
              lga: { code: l.alsoIn.lgaCode, name: alsoInLgaName },
            }),
          ]
        : []),
    ]),
    { header: true, columns: POSTCODE_TABLE_COLUMNS },
  );
}

function tableRow(
  id: number,
  l: Locality,
  { state, latitude, longitude, lga }: TableListing,
): (string | number)[] {
  const row: Record<string, string | number> = {
    ID: id,
    Postcode: l.postcode,
    Locality: l.name.toUpperCase(),
    State: state,
    // Like the real table: Lat/Long is the postcode's point, the Google pair the locality's.
    Long: round(longitude + 0.01),
    Lat: round(latitude + 0.01),
    Type: 'Delivery Area',
    Status: 'Updated 1-Jan-2025',
    'Lat (Google)': latitude,
    'Long (Google)': longitude,
    'LGA Region': lga.name,
    'LGA Code': lga.code,
  };
  return POSTCODE_TABLE_COLUMNS.map((column) => row[column] ?? '');
}
