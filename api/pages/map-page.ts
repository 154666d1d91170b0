import { EVENT_TYPES, STATES, WARNING_LEVELS } from '../../model/index.js';
import { STREAM_CHANGE_TYPES } from '../stream/change.js';
import { Html, html } from './html.js';
import { MAP_ASSETS, pageShell } from './shell.js';

export interface MapPageOptions {
  /** The key the page reads the API with (restricted to this service's origins). */
  apiKey: string;
  /** Seconds between two polls of the API. */
  pollSeconds: number;
  /** Each `state:agency` of the catalogue with its public name and site, for the details' source link. */
  agencies: Record<string, { name: string; url: string }>;
  /** Where the state (and LGA) outlines come from: the map states it with its other credits. */
  outlineSource: string;
}

const LEVEL_NAMES: Record<string, string> = {
  emergency_warning: 'Emergency warning',
  watch_and_act: 'Watch and act',
  advice: 'Advice',
  none: 'No warning',
};

const words = (value: string) => value.replaceAll('_', ' ');

/** As web/map.js colours them; stale readings are drawn as unclassified. */
const GAUGE_CLASSES = [
  ['major', 'major'],
  ['moderate', 'moderate'],
  ['minor', 'minor'],
  ['below_minor', 'below minor'],
  ['unclassified', 'unclassified or stale'],
] as const;

/** The map's page: the map, its filters, a details panel and a list of the same features. */
/**
 * The modules map.js imports, asked for with the page rather than after map.js arrives (and the
 * basemap with them): the first render waits for neither.
 */
const MAP_MODULES = ['map-data.js', 'map-layers.js', 'map-list.js', 'map-stream.js'];

export function mapPage(options: MapPageOptions): string {
  const head = html`<meta name="eids-api-key" content="${options.apiKey}" />
    <meta name="eids-poll-seconds" content="${options.pollSeconds}" />
    <meta name="eids-change-types" content="${STREAM_CHANGE_TYPES.join(',')}" />
    <meta name="eids-outline-source" content="${options.outlineSource}" />
    <script type="application/json" id="eids-agencies">
      ${new Html(JSON.stringify(options.agencies).replaceAll('<', '\\u003c'))}
    </script>
    <link rel="stylesheet" href="${MAP_ASSETS}/maplibre-gl.css" />
    <script src="${MAP_ASSETS}/maplibre-gl.js" defer></script>
    ${MAP_MODULES.map((name) => html`<link rel="modulepreload" href="${MAP_ASSETS}/${name}" />`)}
    <link rel="preload" href="/map/basemap.geojson" as="fetch" crossorigin="anonymous" />`;
  const body = html`<main id="main">
    <h1 class="visually-hidden">Live map of incidents, events and gauges</h1>
    ${filtersForm()}
    <p id="map-status" role="status" aria-live="polite">Loading…</p>
    <noscript
      ><p>The map needs JavaScript. The <a href="/status">status page</a> works without it.</p></noscript
    >
    <div class="map-wrap">
      <div id="map" role="region" aria-label="Map (the same features are in the list below)"></div>
      <aside id="details" tabindex="-1" aria-live="polite" aria-label="Selected feature" hidden></aside>
    </div>
    <p class="legend">
      Incidents: dots by warning level (above). Events: dashed hulls of clustered incidents, by their highest
      warning level. Gauges: small dots by flood class:
      ${GAUGE_CLASSES.map(([cls, text]) => html`<span class="gauge ${cls}">${text}</span>`)}.
    </p>
    <section id="list" tabindex="-1" aria-labelledby="list-heading">
      <h2 id="list-heading">Incidents, events and gauges as a list</h2>
      <div id="list-body"><p>Loading…</p></div>
    </section>
    <p id="attribution" class="foot"></p>
  </main>`;
  return pageShell({
    title: 'Live map',
    current: 'map',
    body,
    script: `${MAP_ASSETS}/map.js`,
    asyncScript: true,
    head,
  });
}

/**
 * The map's filters: state, type and warning levels (the list below the map follows them too), and the
 * archive's heat map, off at first.
 */
function filtersForm(): Html {
  return html`<form id="filters" class="filters" aria-label="Filters">
    <label
      >State
      <select name="state">
        <option value="">All</option>
        ${STATES.map((state) => html`<option value="${state}">${state.toUpperCase()}</option>`)}
      </select></label
    >
    <label
      >Type
      <select name="eventType">
        <option value="">All</option>
        ${EVENT_TYPES.map((type) => html`<option value="${type}">${words(type)}</option>`)}
      </select></label
    >
    <fieldset>
      <legend>Warning level</legend>
      ${WARNING_LEVELS.map(
        (level) =>
          html`<label class="level ${level}"
            ><input type="checkbox" name="warningLevel" value="${level}" checked />
            ${LEVEL_NAMES[level] ?? words(level)}</label
          >`,
      )}
    </fieldset>
    <label class="archive"
      ><input type="checkbox" name="archive" /> Past incidents (heat map of the archive)</label
    >
    <a href="#list" class="to-list">Skip to the list of incidents</a>
  </form>`;
}
