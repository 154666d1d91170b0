/**
 * Push benchmark (not a test; loopback only): the four figures of the change stream and webhooks.
 *   (a) an upstream change → the event on an open stream, and → a verified webhook (the whole service,
 *       polling every --poll seconds; goals: stream p95 ≤ poll + 2 s, webhook p95 ≤ poll + 5 s);
 *   (b) --clients streams open on one API process: memory per client, and one change's fan-out;
 *   (c) --subscriptions subscriptions, --changes changes: matching time per change (and testing every
 *       subscription instead, the baseline);
 *   (d) a receiver down for --down-minutes while --deliveries changes are published, then back: every
 *       delivery arrives, in order, each webhook-id accepted once (the default retry waits: a 10-minute
 *       outage drains about 17 minutes after it began).
 *
 * Usage: npm run bench:push [-- --parts a,b,c,d --poll 10 --samples 20 --clients 10000
 *   --subscriptions 100000 --changes 1000 --down-minutes 10 --deliveries 30]
 */
import { parseArgs } from 'node:util';
import { downtimeFigures } from './support/push-downtime.js';
import { fanoutFigures } from './support/push-fanout.js';
import { latencyFigures } from './support/push-latency.js';
import { matchingFigures } from './support/push-matching.js';
import { percentile } from './support/push-records.js';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: 'a,b,c,d' },
    poll: { type: 'string', default: '10' },
    samples: { type: 'string', default: '20' },
    clients: { type: 'string', default: '10000' },
    subscriptions: { type: 'string', default: '100000' },
    changes: { type: 'string', default: '1000' },
    'down-minutes': { type: 'string', default: '10' },
    deliveries: { type: 'string', default: '30' },
  },
});
const parts = new Set(values.parts.split(','));
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

if (parts.has('c')) {
  const figures = matchingFigures(Number(values.subscriptions), Number(values.changes));
  line(
    `(c) index of ${figures.subscriptions.toLocaleString()} subscriptions built in`,
    `${figures.buildMs.toFixed(0)} ms`,
  );
  line(
    `(c) matching one of ${figures.changes} changes, p50 / p95`,
    `${figures.p50Us.toFixed(1)} µs / ${figures.p95Us.toFixed(1)} µs (${figures.meanMatches.toFixed(1)} matches a change)`,
  );
  line(
    '(c) testing every subscription instead, p50',
    `${(figures.scanP50Us / 1000).toFixed(1)} ms (${(figures.scanP50Us / figures.p50Us).toFixed(0)}× the index)`,
  );
}

if (parts.has('b')) {
  const figures = await fanoutFigures(Number(values.clients), Number(values.subscriptions));
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  line(
    `(b) ${figures.clients.toLocaleString()} open streams: memory per client`,
    `${kib(figures.rssPerClientBytes)} RSS, ${kib(figures.heapPerClientBytes)} heap; a bare Node stream ${kib(figures.bareRssPerClientBytes)} RSS (${(figures.rssPerClientBytes / figures.bareRssPerClientBytes).toFixed(2)}×)`,
  );
  line(
    '(b) 50,000 idle streams at that rate (goal ≤ 1 GB)',
    `${((figures.rssPerClientBytes * 50_000) / 2 ** 30).toFixed(2)} GiB`,
  );
  line(
    '(b) the hub on one change: no client / every client',
    `${figures.hubIdleMs.toFixed(1)} ms / ${figures.hubLoadedMs.toFixed(1)} ms (${(((figures.hubLoadedMs - figures.hubIdleMs) / figures.clients) * 1000).toFixed(2)} µs a client)`,
  );
  line(
    '(b) the longest the event loop was held meanwhile',
    `${figures.hubLongestBlockMs.toFixed(1)} ms (goal ≤ 50 ms; requests are answered between slices of streams)`,
  );
  line(
    '(b) a bare Node server writing the same bytes to as many',
    `${figures.bareWriteMs.toFixed(1)} ms (the hub's fan-out ${((figures.hubLoadedMs - figures.hubIdleMs) / figures.bareWriteMs).toFixed(2)}× that)`,
  );
  line(
    '(b) publish → the change on the clients: first / p50 / last',
    `${figures.firstMs} ms / ${figures.p50Ms} ms / ${figures.lastMs} ms (goal last ≤ 1 s; bare: last ${figures.bareLastMs} ms after its writes began)`,
  );
  line(
    `(b) a metrics scrape, ${figures.subscriptions.toLocaleString()} subscriptions: no stream / every stream`,
    `${figures.scrapeIdleMs.toFixed(1)} ms / ${figures.scrapeLoadedMs.toFixed(1)} ms median, ${figures.scrapeMaxMs.toFixed(1)} ms max (goal ≤ 50 ms)`,
  );
}

if (parts.has('a')) {
  const figures = await latencyFigures(Number(values.poll), Number(values.samples));
  const poll = figures.pollSeconds * 1000;
  line(
    `(a) upstream → stream, ${figures.stream.length} changes, p50 / p95 (poll ${figures.pollSeconds} s)`,
    `${s(percentile(figures.stream, 0.5))} / ${s(percentile(figures.stream, 0.95))} (goal p95 ≤ ${s(poll + 2000)})`,
  );
  line(
    '(a) upstream → verified webhook, p50 / p95',
    `${s(percentile(figures.webhook, 0.5))} / ${s(percentile(figures.webhook, 0.95))} (goal p95 ≤ ${s(poll + 5000)})`,
  );
}

if (parts.has('d')) {
  const figures = await downtimeFigures(Number(values['down-minutes']), Number(values.deliveries));
  line(
    `(d) receiver down ${figures.downMinutes} min, ${figures.changes} changes: delivered`,
    `${figures.accepted} of ${figures.due} due (${figures.changes} changes; an incident's warning area changes with it), ${figures.inOrder ? 'in order' : 'OUT OF ORDER'}, ${figures.repeats} repeats refused, ${figures.attemptsWhileDown} attempts while down`,
  );
  line('(d) receiver back → the last delivery', s(figures.drainedAfterMs));
}
