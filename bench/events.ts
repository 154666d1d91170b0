/**
 * Clustered events (not a test). Two figures:
 *
 * 1. Time to cluster N generated incidents (p50 of a few runs) — the density clustering alone and a
 *    whole poll (clustering, identity, derived fields) — against @turf/clusters-dbscan on the same
 *    points with the fire radius, as the baseline. Goal: clustering 10k ≤ 150 ms.
 * 2. Over a generated sequence of polls, the share of events whose id survives a poll in which their
 *    membership changed, but by less than half (Jaccard distance to the cluster holding most of
 *    them < 0.5). Goal: ≥ 99 %.
 *
 * Usage: npm run bench:events [-- --sizes 1000,10000,50000 --runs 5 --polls 200]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { clustersDbscan } from '@turf/clusters-dbscan';
import { featureCollection, point } from '@turf/helpers';
import { clusterMembers, nextEventState } from '../clustering/index.js';
import { DEFAULT_CLUSTERING_CONFIG } from '../config/clustering.js';
import type { ClusteredEvent } from '../model/index.js';
import { GENERATED_NOW, pollSequence, scatteredMembers } from '../replay/stand-ins/event-sequences.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,50000' },
    runs: { type: 'string', default: '5' },
    polls: { type: 'string', default: '200' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
const pollCount = Number(values.polls);
const GOAL_MS_AT_10K = 150;
const GOAL_SURVIVAL = 0.99;
const TURF_MAX_SIZE = 10_000;

function p50(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

/**
 * p50 of `runs` timed runs, after one untimed run to warm the JIT up. CPU time is this process's
 * (user + system): on a shared machine it moves less than wall time when others load the cores.
 */
function timed(run: () => unknown): Timing {
  run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const [startedWall, startedCpu] = [performance.now(), process.cpuUsage()];
    run();
    const used = process.cpuUsage(startedCpu);
    wall.push(performance.now() - startedWall);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wallMs: p50(wall), cpuMs: p50(cpu) };
}

const shown = (timing: Timing) => `${timing.wallMs.toFixed(1)} (${timing.cpuMs.toFixed(1)})`;

const fireRadiusKm = DEFAULT_CLUSTERING_CONFIG.radiusKm.fire ?? 15;
console.log(
  `Time in ms, wall (CPU), p50 of ${runs} runs. Baseline: @turf/clusters-dbscan, ${fireRadiusKm} km, minPoints 2`,
);
console.log(
  'incidents | clusters | clustering | first poll | next poll | turf | clustering / turf (wall, CPU)',
);
for (const size of sizes) {
  const members = scatteredMembers(size);
  const points = featureCollection(members.map((member) => point([member.lng, member.lat])));
  const clusters = clusterMembers(members, GENERATED_NOW, DEFAULT_CLUSTERING_CONFIG).length;
  const clustering = timed(() => clusterMembers(members, GENERATED_NOW, DEFAULT_CLUSTERING_CONFIG));
  // First poll: every event is new. Next poll: the same incidents again, every event continues.
  const firstPoll = timed(() => nextEventState([], members, GENERATED_NOW, DEFAULT_CLUSTERING_CONFIG));
  const state = nextEventState([], members, GENERATED_NOW, DEFAULT_CLUSTERING_CONFIG);
  const nextPoll = timed(() => nextEventState(state, members, GENERATED_NOW, DEFAULT_CLUSTERING_CONFIG));
  // turf grows much faster than linearly: beyond TURF_MAX_SIZE it would take minutes.
  const turf =
    size <= TURF_MAX_SIZE
      ? timed(() => clustersDbscan(points, fireRadiusKm, { minPoints: 2, mutate: true }))
      : null;
  const ratio = turf
    ? `${(clustering.wallMs / turf.wallMs).toFixed(2)}, ${(clustering.cpuMs / turf.cpuMs).toFixed(2)}`
    : '—';
  console.log(
    [
      size,
      clusters,
      shown(clustering),
      shown(firstPoll),
      shown(nextPoll),
      turf ? shown(turf) : '—',
      ratio,
    ].join(' | '),
  );
  if (size === 10_000) {
    const met = (timing: Timing) => (timing.wallMs <= GOAL_MS_AT_10K ? 'met' : 'MISSED');
    console.log(
      `  goal at 10k ≤ ${GOAL_MS_AT_10K} ms wall: clustering ${met(clustering)}, next poll ${met(nextPoll)}`,
    );
  }
}

/** Members of the events matched at this poll: the clusters as they stand. */
function currentEvents(state: readonly ClusteredEvent[], now: string): ClusteredEvent[] {
  return state.filter((event) => event.isActive && event.lastMatchedAt === now);
}

function jaccard(a: ReadonlySet<string>, b: readonly string[]): number {
  const shared = b.filter((id) => a.has(id)).length;
  return shared / (a.size + b.length - shared);
}

const polls = pollSequence({ polls: pollCount });
let state: ClusteredEvent[] = [];
let previousNow = '';
let changedLessThanHalf = 0;
let survived = 0;
let unchanged = 0;
let maxEvents = 0;
let totalMembers = 0;
const pollTimes: number[] = [];
for (const poll of polls) {
  const started = performance.now();
  const next = nextEventState(state, poll.members, poll.now, DEFAULT_CLUSTERING_CONFIG);
  pollTimes.push(performance.now() - started);
  const current = currentEvents(next, poll.now);
  maxEvents = Math.max(maxEvents, current.length);
  totalMembers += poll.members.length;
  for (const before of currentEvents(state, previousNow)) {
    const members = new Set(before.memberIds);
    let best: { event: ClusteredEvent; overlap: number } | undefined;
    for (const event of current) {
      const overlap = jaccard(members, event.memberIds);
      if (overlap > (best?.overlap ?? 0)) best = { event, overlap };
    }
    if (!best) continue;
    if (best.overlap === 1) unchanged++;
    else if (best.overlap > 0.5) {
      changedLessThanHalf++;
      if (best.event.id === before.id) survived++;
    }
  }
  state = next;
  previousNow = poll.now;
}
const share = changedLessThanHalf === 0 ? 1 : survived / changedLessThanHalf;
const ended = state.filter((event) => event.mergedInto !== null).length;
console.log(`\nId stability over ${polls.length} generated polls`);
console.log(
  'avg incidents/poll | max active events | unchanged | changed < half | id kept | share | merged (retained)',
);
console.log(
  [
    Math.round(totalMembers / polls.length),
    maxEvents,
    unchanged,
    changedLessThanHalf,
    survived,
    `${(share * 100).toFixed(2)} %`,
    ended,
  ].join(' | '),
);
console.log(`  whole poll p50: ${p50(pollTimes).toFixed(2)} ms`);
console.log(`  goal: id kept ≥ ${GOAL_SURVIVAL * 100} % → ${share >= GOAL_SURVIVAL ? 'met' : 'MISSED'}`);
