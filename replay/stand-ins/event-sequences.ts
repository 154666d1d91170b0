/**
 * Made-up point incidents for clustering benchmarks and tests: a scattered set of any size, and a
 * sequence of polls in which fire and storm complexes appear, grow, drift, split, merge and die out,
 * among lone incidents. Seeded, so every run sees the same data.
 */
import type { ClusterMember } from '../../clustering/index.js';
import type { EventType, Severity, StateCode, WarningLevel } from '../../model/index.js';
import { categoryOf } from '../../model/index.js';
import { pick, prng, type Random } from '../random.js';

const KM_PER_DEGREE = 111.2;

/** A point `km` away from (lng, lat) in a random direction, Gaussian in each axis. */
function jitter(random: Random, lng: number, lat: number, km: number): [number, number] {
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const dLat = (gauss() * km) / KM_PER_DEGREE;
  const dLng = (gauss() * km) / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return [lng + dLng, lat + dLat];
}

/** A rough state of a point in eastern and southern Australia: enough for cross-border clusters. */
export function stateAt(lng: number, lat: number): StateCode {
  if (lat < -39.6) return 'tas';
  if (lng < 129) return 'wa';
  if (lng < 138) return lat > -26 ? 'nt' : 'sa';
  if (lng < 141) return lat > -26 ? 'qld' : 'sa';
  if (lat > -29) return 'qld';
  if (lng > 148.76 && lng < 149.4 && lat > -35.92 && lat < -35.12) return 'act';
  if (lat < -36 + (lng - 141) * -0.17) return 'vic';
  return 'nsw';
}

const AGENCY: Readonly<Record<StateCode, string>> = {
  nsw: 'rfs',
  vic: 'cfa',
  qld: 'qfd',
  sa: 'cfs',
  wa: 'dfes',
  tas: 'tfs',
  nt: 'pfes',
  act: 'esa',
};

const WARNINGS: readonly WarningLevel[] = [
  'none',
  'none',
  'advice',
  'advice',
  'watch_and_act',
  'emergency_warning',
];
const SEVERITY_BY_WARNING: Readonly<Record<WarningLevel, Severity>> = {
  none: 'Unknown',
  advice: 'Minor',
  watch_and_act: 'Severe',
  emergency_warning: 'Extreme',
};
const SUBURBS = [
  'Bilpin',
  'Bargo',
  'Cobargo',
  'Mallacoota',
  'Corryong',
  'Kangaroo Valley',
  'Batlow',
  'Tathra',
];

interface MemberSeed {
  id: string;
  lng: number;
  lat: number;
  eventType: EventType;
  reportedAt: string;
  updatedAt: string;
  hectares: number | null;
}

function memberOf(random: Random, seed: MemberSeed): ClusterMember {
  const state = stateAt(seed.lng, seed.lat);
  const warningLevel = pick(random, WARNINGS);
  return {
    id: seed.id,
    lat: seed.lat,
    lng: seed.lng,
    eventType: seed.eventType,
    eventCategory: categoryOf(seed.eventType),
    state,
    agency: AGENCY[state],
    suburb: pick(random, SUBURBS),
    severity: SEVERITY_BY_WARNING[warningLevel],
    warningLevel,
    reportedAt: seed.reportedAt,
    updatedAt: seed.updatedAt,
    hectares: seed.hectares,
  };
}

/** The instant every generated set is current at. */
export const GENERATED_NOW = '2026-01-10T06:00:00.000Z';

export interface ScatterOptions {
  seed?: number;
  /** Members per hotspot on average (default 6). */
  perHotspot?: number;
  /** Spread of a hotspot in km (default 6). */
  spreadKm?: number;
  /** Event types to draw from (default: mostly bushfires, some grass fires, storms and rescues). */
  eventTypes?: readonly EventType[];
  /** Whether members report sizes (default true). */
  withHectares?: boolean;
}

/** Mostly fires, as in a summer's feeds; complexes draw from these. */
const COMPLEX_TYPES: readonly EventType[] = [
  'bushfire',
  'bushfire',
  'bushfire',
  'grass_fire',
  'storm',
  'flood',
];
const SCATTER_TYPES: readonly EventType[] = [...COMPLEX_TYPES, 'tree_down', 'rescue', 'structure_fire'];

/**
 * `count` members in hotspots across Australia's bounding box (plus lone ones), all updated in
 * the 12 hours before GENERATED_NOW. Ids are `gen-<n>`.
 */
export function scatteredMembers(count: number, options: ScatterOptions = {}): ClusterMember[] {
  const random = prng(options.seed ?? 1);
  const perHotspot = options.perHotspot ?? 6;
  const spreadKm = options.spreadKm ?? 6;
  const types = options.eventTypes ?? SCATTER_TYPES;
  const nowMs = Date.parse(GENERATED_NOW);
  const hotspots = Array.from({ length: Math.max(1, Math.round(count / perHotspot)) }, () => ({
    lng: 114 + random() * 39.5,
    lat: -43 + random() * 32,
    eventType: pick(random, types),
  }));
  return Array.from({ length: count }, (_, n) => {
    const hotspot = pick(random, hotspots);
    const [lng, lat] = jitter(random, hotspot.lng, hotspot.lat, spreadKm);
    const updatedMs = nowMs - Math.floor(random() * 12 * 3_600_000);
    const withSize = (options.withHectares ?? true) && categoryOf(hotspot.eventType) === 'fire';
    return memberOf(random, {
      id: `gen-${String(n).padStart(6, '0')}`,
      lng,
      lat,
      eventType: random() < 0.9 ? hotspot.eventType : pick(random, types),
      reportedAt: new Date(updatedMs - Math.floor(random() * 48 * 3_600_000)).toISOString(),
      updatedAt: new Date(updatedMs).toISOString(),
      hectares: withSize && random() < 0.7 ? Math.round(random() * 500) : null,
    });
  });
}

export interface GeneratedPoll {
  now: string;
  members: ClusterMember[];
}

export interface SequenceOptions {
  polls: number;
  seed?: number;
  pollMinutes?: number;
  /** Lone incidents present at any time (default 40). */
  loneIncidents?: number;
}

interface Incident extends MemberSeed {
  complex: number;
}

interface Complex {
  key: number;
  eventType: EventType;
  lng: number;
  lat: number;
  /** Drift per poll, degrees. */
  dLng: number;
  dLat: number;
  dying: boolean;
}

const SEQUENCE_START_MS = Date.parse('2026-01-10T00:00:00.000Z');

/**
 * Polls of a made-up fire season. Each poll a complex may start (2–5 incidents within a few km), and
 * each complex may gain an incident near its drifting centre, lose one, have members updated, start
 * dying out, split (half its incidents jump 45 km away) or merge (it jumps beside another complex of
 * its kind). Lone incidents come and go throughout.
 */
export function pollSequence(options: SequenceOptions): GeneratedPoll[] {
  const state: SequenceState = {
    random: prng(options.seed ?? 7),
    complexes: new Map(),
    incidents: new Map(),
    nextId: 0,
    nextComplex: 0,
  };
  const { random, complexes, incidents } = state;
  const pollMs = (options.pollMinutes ?? 5) * 60_000;
  const loneTarget = options.loneIncidents ?? 40;
  const membersOf = (key: number) => membersOfComplex(incidents, key);

  const polls: GeneratedPoll[] = [];
  for (let poll = 0; poll < options.polls; poll++) {
    const now = new Date(SEQUENCE_START_MS + poll * pollMs).toISOString();
    if (random() < 0.35) startComplex(state, now);
    for (const complex of [...complexes.values()]) advanceComplex(state, complex, now);

    splitOne(random, complexes, membersOf, () => state.nextComplex++);
    mergeOne(random, complexes, membersOf);

    for (const complex of [...complexes.values()]) {
      if (membersOf(complex.key).length === 0) complexes.delete(complex.key);
    }
    churnLoneIncidents(
      random,
      incidents,
      loneTarget,
      now,
      () => `lone-${String(state.nextId++).padStart(6, '0')}`,
    );

    polls.push({
      now,
      members: [...incidents.values()].map((incident) => memberOf(prng(hash(incident.id)), incident)),
    });
  }
  return polls;
}

/** The season so far: its one random stream (drawn from in a fixed order), complexes and incidents. */
interface SequenceState {
  random: Random;
  complexes: Map<number, Complex>;
  incidents: Map<string, Incident>;
  nextId: number;
  nextComplex: number;
}

function membersOfComplex(incidents: Map<string, Incident>, key: number): Incident[] {
  return [...incidents.values()].filter((incident) => incident.complex === key);
}

/** A new incident of `complex`, within about `km` of its centre. */
function addIncident(state: SequenceState, complex: Complex, now: string, km: number): void {
  const [lng, lat] = jitter(state.random, complex.lng, complex.lat, km);
  const id = `seq-${String(state.nextId++).padStart(6, '0')}`;
  const hectares = categoryOf(complex.eventType) === 'fire' ? Math.round(state.random() * 300) : null;
  state.incidents.set(id, {
    id,
    lng,
    lat,
    eventType: complex.eventType,
    reportedAt: now,
    updatedAt: now,
    hectares,
    complex: complex.key,
  });
}

/** A complex starts somewhere in the south-east with 2–5 incidents within a few km. */
function startComplex(state: SequenceState, now: string): void {
  const { random } = state;
  const complex: Complex = {
    key: state.nextComplex++,
    eventType: pick(random, COMPLEX_TYPES),
    lng: 141 + random() * 12,
    lat: -38 + random() * 9,
    dLng: (random() - 0.5) * 0.01,
    dLat: (random() - 0.5) * 0.01,
    dying: false,
  };
  state.complexes.set(complex.key, complex);
  const size = 2 + Math.floor(random() * 4);
  for (let i = 0; i < size; i++) addIncident(state, complex, now, 3);
}

/** A poll of a complex: it drifts, may start dying out or gain an incident; members clear or update. */
function advanceComplex(state: SequenceState, complex: Complex, now: string): void {
  const { random, incidents } = state;
  complex.lng += complex.dLng;
  complex.lat += complex.dLat;
  if (!complex.dying && random() < 0.004) complex.dying = true;
  if (!complex.dying && random() < 0.2) addIncident(state, complex, now, 4);
  for (const incident of membersOfComplex(incidents, complex.key)) {
    if (random() < (complex.dying ? 0.2 : 0.015)) incidents.delete(incident.id);
    else if (random() < 0.2) {
      incident.updatedAt = now;
      if (incident.hectares !== null) incident.hectares = Math.round(incident.hectares * 1.05);
    }
  }
}

/** Sometimes one complex of four or more splits: its eastern half jumps 45 km east as a new complex. */
function splitOne(
  random: Random,
  complexes: Map<number, Complex>,
  membersOf: (key: number) => Incident[],
  newKey: () => number,
): void {
  if (random() >= 0.03) return;
  const candidates = [...complexes.values()].filter((complex) => membersOf(complex.key).length >= 4);
  if (candidates.length === 0) return;
  const complex = pick(random, candidates);
  const members = membersOf(complex.key).sort((a, b) => a.lng - b.lng);
  const part = members.slice(Math.ceil(members.length / 2));
  const shift = 45 / (KM_PER_DEGREE * Math.cos((complex.lat * Math.PI) / 180));
  const offshoot: Complex = { ...complex, key: newKey(), lng: complex.lng + shift };
  complexes.set(offshoot.key, offshoot);
  for (const incident of part) {
    incident.lng += shift;
    incident.complex = offshoot.key;
  }
}

/** Sometimes a complex jumps beside another of its kind within 300 km, and they become one. */
function mergeOne(
  random: Random,
  complexes: Map<number, Complex>,
  membersOf: (key: number) => Incident[],
): void {
  if (random() >= 0.03) return;
  const all = [...complexes.values()];
  if (all.length < 2) return;
  const mover = pick(random, all);
  const target = all.find(
    (other) =>
      other !== mover &&
      other.eventType === mover.eventType &&
      Math.hypot(other.lng - mover.lng, other.lat - mover.lat) * KM_PER_DEGREE < 300,
  );
  if (!target) return;
  const [dLng, dLat] = [target.lng - mover.lng + 0.05, target.lat - mover.lat];
  for (const incident of membersOf(mover.key)) {
    incident.lng += dLng;
    incident.lat += dLat;
    incident.complex = target.key;
  }
  complexes.delete(mover.key);
}

/** Lone incidents (rescues, alarms, lone fires far apart) appear and clear, around `target` at once. */
function churnLoneIncidents(
  random: Random,
  incidents: Map<string, Incident>,
  target: number,
  now: string,
  newId: () => string,
): void {
  const lone = [...incidents.values()].filter((incident) => incident.complex < 0);
  for (const incident of lone) if (random() < 0.05) incidents.delete(incident.id);
  for (let i = lone.length; i < target; i++) {
    if (random() >= 0.3) continue;
    const id = newId();
    const eventType = pick(random, ['rescue', 'medical', 'alarm', 'bushfire', 'structure_fire'] as const);
    incidents.set(id, {
      id,
      lng: 115 + random() * 38,
      lat: -42 + random() * 30,
      eventType,
      reportedAt: now,
      updatedAt: now,
      hectares: null,
      complex: -1,
    });
  }
}

/** A stable seed per id, so a member's made-up place and warning never change between polls. */
function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}
