import type { DependencyReport } from '../meta/dependencies.js';
import { countsAtEnd, JURISDICTION_NAMES, type ArchiveLoadProgress } from '../../model/index.js';
import { formatUptime } from '../meta/status.js';
import { html, type Html } from './html.js';
import { pageShell, STATUS_ASSETS } from './shell.js';
import type { StripCell } from './poll-ledger.js';
import type { PollerRow, StatusView } from './status-view.js';
import type { RunningWork } from './work-in-progress.js';

/** "4 min ago": how long ago, for people; the exact instant is in the <time> element. */
export function ago(iso: string | undefined, now: Date): Html {
  if (!iso) return html`never`;
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  // Coarse on purpose: the page is the same (a 304 to its script) while nothing but the clock moved.
  const text =
    seconds < 60
      ? 'under a minute ago'
      : seconds < 90 * 60
        ? `${Math.round(seconds / 60)} min ago`
        : seconds < 48 * 3600
          ? `${Math.round(seconds / 3600)} h ago`
          : `${Math.round(seconds / 86_400)} days ago`;
  return html`<time datetime="${iso}" title="${iso}">${text}</time>`;
}

function cellClass(cell: StripCell): string {
  if (!cell.observed) return 'n';
  const bad = cell.failed + cell.guarded;
  const all = cell.good + bad + cell.unseen;
  if (all === 0) return 'e';
  if (bad === 0) return 'g';
  return bad === all ? 'f' : 'm';
}

function cellText(cell: StripCell): string {
  const hour = cell.from.slice(11, 16);
  if (!cell.observed) return `${hour} UTC: before this process started`;
  const parts = [`${cell.good} good`];
  if (cell.failed) parts.push(`${cell.failed} failed`);
  if (cell.guarded) parts.push(`${cell.guarded} held back`);
  if (cell.unseen) parts.push(`${cell.unseen} not seen one by one`);
  return `${hour} UTC: ${parts.join(', ')}`;
}

/** 24 cells, one per hour; the summary is the text a screen reader reads instead of the cells. */
function strip(cells: StripCell[]): Html {
  const observed = cells.filter((cell) => cell.observed);
  const sum = (pick: (cell: StripCell) => number) => observed.reduce((n, cell) => n + pick(cell), 0);
  const polls = sum((c) => c.good + c.failed + c.guarded + c.unseen);
  const failed = sum((c) => c.failed);
  const guarded = sum((c) => c.guarded);
  const label = `${polls} polls in the last ${observed.length} hours seen${failed ? `, ${failed} failed` : ''}${guarded ? `, ${guarded} held back` : ''}`;
  // Only cells with something to say carry a title: 24 cells a row for 27 rows must stay small.
  return html`<span class="strip" role="img" aria-label="${label}"
    >${cells.map((cell) => {
      const kind = cellClass(cell);
      return kind === 'g' || kind === 'n' || kind === 'e'
        ? html`<i class=${kind}></i>`
        : html`<i class=${kind} title="${cellText(cell)}"></i>`;
    })}</span
  >`;
}

function badge(status: string): Html {
  return html`<span class="s ${status}">${status}</span>`;
}

function pollerRows(rows: PollerRow[], countName: string, now: Date): Html {
  return html`<table class="pollers">
    <thead>
      <tr>
        <th scope="col">Source</th>
        <th scope="col">Status</th>
        <th scope="col">Last good poll</th>
        <th scope="col">${countName}</th>
        <th scope="col">Polls, last 24 h (hourly, oldest first)</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr data-key="${row.key}" class="${row.status}">
            <th scope="row">
              <a href="${row.homepage}">${row.name}</a>${
                row.workflowUrl
                  ? html` <a class="wf" href="${row.workflowUrl}" title="Its workflow in the Temporal Web UI"
                      >workflow</a
                    >`
                  : ''
              }
            </th>
            <td>${badge(row.status)}${row.reason ? html`<div class="reason">${row.reason}</div>` : ''}</td>
            <td>${ago(row.lastSuccess, now)}</td>
            <td>${row.count ?? ''}</td>
            <td>${strip(row.strip)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** One running archive load on the status page. */
export function archiveLoadItem(
  workflowId: string,
  p: ArchiveLoadProgress | undefined,
  link: Html | string,
): Html {
  const done = p ? p.counts.bytesRead : 0;
  const total = p?.totalBytes ?? 0;
  // A bulk pass counts at its end: an indeterminate bar (no value) rather than 0 of the file.
  const pass = p !== undefined && countsAtEnd(p);
  const what = !p
    ? 'progress not read yet'
    : pass
      ? `loading ${p.source} in bulk (records counted when the pass ends)`
      : `${p.phase}, ${p.counts.records.toLocaleString('en-AU')} records of ${p.source}`;
  const bar =
    total === 0
      ? ''
      : pass
        ? html`<progress max="${total}"></progress> ${Math.round(total / 1e6)} MB`
        : html`<progress max="${total}" value="${done}">${Math.round((100 * done) / total)}%</progress>
            ${Math.round((100 * done) / total)}% of ${Math.round(total / 1e6)} MB`;
  return html`<li>Archive load <code>${workflowId}</code>${link}: ${what} ${bar}</li>`;
}

function workItem(work: RunningWork, temporalWorkflows: string | undefined): Html {
  const link = temporalWorkflows
    ? html` (<a href="${temporalWorkflows}/${encodeURIComponent(work.workflowId)}">workflow</a>)`
    : '';
  if (work.kind === 'archive-load') {
    return archiveLoadItem(work.workflowId, work.progress, link);
  }
  const p = work.progress;
  const total = p?.totalPolls ?? 0;
  const done = p?.counts.polls ?? 0;
  return html`<li>
    Backfill <code>${work.workflowId}</code>${link}:
    ${p ? `${p.phase}, ${p.feedKey} from ${p.from} to ${p.to}` : 'progress not read yet'}
    ${total > 0 ? html`<progress max="${total}" value="${done}">${Math.round((100 * done) / total)}%</progress> ${done} of ${total} polls` : ''}
  </li>`;
}

/** The shared pieces as people name them. */
const PIECE_NAMES: Record<DependencyReport['name'], string> = {
  temporal: 'Temporal (where feed health is read from)',
  keyStore: 'The key store',
  writer: 'The writer (which publishes new data)',
};

/** The status page: readable with no JavaScript; status.js only fetches it again to keep it current. */
export function statusPage(view: StatusView, refreshSeconds: number): string {
  const main = html`<main id="main">
    <h1>Service status: ${badge(view.status)}</h1>
    ${summarySection(view)}
    <p class="legend" aria-hidden="true">
      Poll strips: <i class="g"></i> all good <i class="m"></i> some failed or held back <i class="f"></i> all
      failed <i class="e"></i> no poll <i class="n"></i> before this process started
    </p>
    <h2>Incident feeds</h2>
    ${view.states.map(
      (group) =>
        html`<section aria-labelledby="state-${group.state}">
          <h3 id="state-${group.state}">${JURISDICTION_NAMES[group.state]}</h3>
          ${pollerRows(group.feeds, 'Incidents', view.now)}
        </section>`,
    )}
    <h2>River and rain gauge sources</h2>
    ${pollerRows(view.gauges, 'Gauges', view.now)}
    <h2>Declarations refresh</h2>
    ${declarationsSection(view.declarations, view.now)}
    <h2>Archive loads and backfills in progress</h2>
    ${workSection(view)}
    ${
      view.temporalUi
        ? html`<h2>Temporal</h2>
            <p>
              Every poller, refresh and load is a workflow in the
              <a href="${view.temporalUi.workflows}">Temporal Web UI</a>
              (this service's own dev server).
            </p>`
        : ''
    }
    <p class="foot">
      Version ${view.version}, up ${formatUptime(view.now.getTime() - view.startedAt.getTime())}. JSON:
      <a href="/v1/status">/v1/status</a>. Informational only: always follow the advice of the emergency
      services.
    </p>
  </main>`;
  return pageShell({
    title: `Status: ${view.status}`,
    current: 'status',
    body: main,
    script: `${STATUS_ASSETS}/status.js`,
    head: html`<meta name="eids-refresh-seconds" content="${refreshSeconds}" />`,
  });
}

/** The count of feeds by status, how fresh the health is, and any shared piece that is away. */
function summarySection(view: StatusView): Html {
  return html`<p class="summary">
      ${Object.entries(view.counts)
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${n} ${status}`)
        .join(', ')}
      of ${Object.values(view.counts).reduce((a, b) => a + b, 0)} feeds. Health read from the pollers
      ${view.healthObservedAt ? ago(view.healthObservedAt.toISOString(), view.now) : 'not yet'}; page as of
      <time datetime="${view.now.toISOString()}">${view.now.toISOString().slice(11, 16)} UTC</time>.
    </p>
    ${view.away.map(
      (piece) =>
        html`<p class="outage" role="alert">
          ${PIECE_NAMES[piece.name]} has not answered since
          <time datetime="${piece.since ?? ''}"
            >${piece.since ? `${piece.since.slice(11, 16)} UTC` : 'a moment ago'}</time
          >
          (${piece.reason ?? 'no answer'}): ${piece.meanwhile}.
        </p>`,
    )}`;
}

/** The declaration refresher and each of its sources. */
function declarationsSection(declarations: StatusView['declarations'], now: Date): Html {
  return declarations
    ? html`<p>
          ${badge(declarations.status)} last refresh
          ${ago(declarations.lastRefresh, now)}${declarations.reason ? html`: <span class="reason">${declarations.reason}</span>` : ''}${
            declarations.workflowUrl ? html` (<a href="${declarations.workflowUrl}">workflow</a>)` : ''
          }
        </p>
        <ul>
          ${declarations.sources.map(
            (source) =>
              html`<li>
                ${source.source}: ${badge(source.status)}, ${source.records.toLocaleString('en-AU')} records
                served, last good
                ${ago(source.lastSuccess, now)}${source.reason ? html` <span class="reason">${source.reason}</span>` : ''}
              </li>`,
          )}
        </ul>`
    : html`<p>This service serves no declarations.</p>`;
}

/** Archive loads and backfills running now. */
function workSection(view: StatusView): Html {
  return view.work.length === 0
    ? html`<p>None in progress.</p>`
    : html`<ul>
        ${view.work.map((work) => workItem(work, view.temporalUi?.workflows))}
      </ul>`;
}
