/* global document, window, maplibregl */
import { ApiError, ApiReader, freshKey, metaContent } from './map-data.js';
import { ARCHIVE_LAYER_ID, LIVE_LAYER_IDS, MAP_LAYERS, layerFilters, tileSources } from './map-layers.js';
import { renderList } from './map-list.js';
import { ChangeStream } from './map-stream.js';

/**
 * The live map: MapLibre over the service's own basemap (land, coast and town names) with the state
 * (and LGA) outlines it serves, and the service's vector tiles of incidents by warning level, clustered
 * events as their hulls, gauges by flood class and, on request, a heat map of the archive. The tiles
 * are drawn first; then the lists are read from /v1 with the page's key for the list view (keyboards,
 * screen readers) and the details, and the change stream is followed (each change applied to the list
 * as it comes, the tiles read again at most every few seconds: unchanged tiles answer 304), with
 * polling while there is no stream. The filters work on the tiles and the list alike.
 */
const words = (value) => String(value ?? '').replaceAll('_', ' ');
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Where the map centres a feature opened from the list: close enough to see the towns around it. */
const FOCUS_ZOOM = 7;

/** The basemap (land and town names), read at once with the first data; without it the map is all sea. */
const basemapRead = fetch('/map/basemap.geojson')
  .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
  .catch(() => ({ type: 'FeatureCollection', credits: [], features: [] }));

/** The basemap's sources and their licences, as the attribution control shows them (HTML). */
function credits(list) {
  return list
    .map(({ what, name, url, licence, licenceUrl }) => {
      const terms = licenceUrl
        ? `<a href="${escapeHtml(licenceUrl)}">${escapeHtml(licence)}</a>`
        : escapeHtml(licence);
      return `${escapeHtml(what)}: <a href="${escapeHtml(url)}">${escapeHtml(name)}</a> (${terms})`;
    })
    .join(' · ');
}

const api = new ApiReader(metaContent('eids-api-key'));
const pollMs = Math.max(10, Number(metaContent('eids-poll-seconds')) || 30) * 1000;
/** With the stream live, the lists are read again (conditionally: 304s) only this often, as a check. */
const STREAMING_CHECK_MS = 10 * 60 * 1000;
let streaming = false;
const READ_AFTER_READY_MS = 5000;
// The page's elements, found once the document is parsed: this module runs as soon as it arrives
// (async), so the first data is read while MapLibre's script still loads.
let statusLine;
let details;
let form;
const parsed = new Promise((resolve) =>
  document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', resolve) : resolve(),
);
/** MapLibre's script (deferred) has run: it defines the maplibregl global. */
const maplibreLoaded = parsed.then(
  () =>
    new Promise((resolve) => {
      if (window.maplibregl) return resolve();
      const script = document.querySelector('script[src$="/maplibre-gl.js"]');
      script.addEventListener('load', () => resolve());
      window.addEventListener('load', () => resolve());
    }),
);

/** Everything loaded, flattened for the map (MapLibre drops nested properties); full records by id. */
const loaded = { incidents: [], events: [], gauges: [], records: new Map() };
let shown = { incidents: [], events: [], gauges: [] };
let map;

/**
 * The service's tiles carry the page's key. They are asked for again at every read of the tiles
 * (`no-cache`): a tile that did not change answers 304, with no body.
 */
function withKey(url) {
  if (!url.startsWith(`${window.location.origin}/v1/`)) return { url };
  return { url, headers: { authorization: `Bearer ${api.key}` }, cache: 'no-cache' };
}

/** The map, drawing the tiles at once (the lists, for the list view, are read once it has drawn). */
function createMap(basemap) {
  const created = new maplibregl.Map({
    container: 'map',
    bounds: [
      [112, -44.5],
      [154.5, -9.5],
    ],
    dragRotate: false,
    pitchWithRotate: false,
    // Nothing here fades (no symbols) and nothing lies across the antimeridian: no frames waited for
    // a fade, no tiles read for the world's copies.
    fadeDuration: 0,
    renderWorldCopies: false,
    attributionControl: { compact: false },
    style: {
      version: 8,
      sources: {
        basemap: {
          type: 'geojson',
          data: basemap,
          attribution: credits(basemap.credits ?? []),
          // Simplified to a pixel and cut close to each tile (no symbols cross tiles here): the coast is
          // drawn with fewer points, and tiles are made sooner.
          tolerance: 1,
          buffer: 16,
        },
        outlines: {
          type: 'geojson',
          data: '/map/outlines.geojson',
          attribution: escapeHtml(metaContent('eids-outline-source')),
        },
        ...tileSources(window.location.origin),
      },
      layers: MAP_LAYERS,
    },
    transformRequest: withKey,
  });
  created.addControl(new maplibregl.NavigationControl({ showCompass: false }));
  // For people debugging the page, and for its browser tests.
  window.eidsMap = created;
  return created;
}

/**
 * Town names, as HTML over the canvas: MapLibre draws text only with glyphs from a font server, which a
 * service with no outside host has none of. Each town is named from its zoom on (the service chose the
 * zooms so that names do not overlap) while it is in view. Hidden from screen readers: the list below
 * the map says where each incident is.
 */
function showTowns(basemap) {
  const container = map.getContainer();
  const layer = document.createElement('div');
  layer.className = 'towns';
  layer.setAttribute('aria-hidden', 'true');
  container.insertBefore(layer, container.querySelector('.maplibregl-control-container'));
  const towns = basemap.features
    .filter((f) => f.properties.kind === 'town')
    .map((f) => ({ ...f.properties, at: f.geometry.coordinates, label: undefined }));
  const place = () => {
    const zoom = Math.floor(map.getZoom() + 1e-6);
    const width = container.clientWidth;
    const height = container.clientHeight;
    for (const town of towns) {
      const point = town.minzoom <= zoom ? map.project(town.at) : undefined;
      // A name starting left of the view may still show in part.
      const shown = !!point && point.x > -150 && point.x < width && point.y > -10 && point.y < height + 10;
      if (shown) {
        town.label ??= layer.appendChild(townLabel(town));
        town.label.style.transform = `translate(${point.x.toFixed(1)}px, ${point.y.toFixed(1)}px)`;
      }
      if (town.label && town.label.hidden === shown) town.label.hidden = !shown;
    }
  };
  map.on('move', place);
  map.on('resize', place);
  place();
}

function townLabel(town) {
  const label = document.createElement('span');
  label.className = town.capital ? 'town capital' : 'town';
  label.textContent = town.name;
  return label;
}

/** The map's light copy of an API feature: its geometry, id and title, and what the layers show. */
function mapFeature(feature, properties) {
  return {
    type: 'Feature',
    geometry: feature.geometry,
    properties: { id: feature.id, title: feature.properties.title, ...properties },
  };
}

function incidentFeature(feature) {
  const p = feature.properties;
  return mapFeature(feature, {
    state: p.source.state,
    eventType: p.eventType,
    warningLevel: p.warningLevel,
    updated: p.timestamps?.updated,
  });
}

function eventFeature(feature) {
  const p = feature.properties;
  return mapFeature(feature, {
    level: p.maxWarningLevel,
    incidentCount: p.incidentCount,
    states: p.affectedStates.join(','),
    types: p.eventTypes.join(','),
  });
}

function gaugeFeature(gauge) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [gauge.longitude, gauge.latitude] },
    properties: {
      id: gauge.id,
      title: gauge.name,
      state: gauge.state ?? '',
      floodClass: gauge.readingStatus === 'stale' ? 'unclassified' : (gauge.floodClass ?? 'unclassified'),
      time: gauge.latest?.time,
    },
  };
}

function filters() {
  const data = new FormData(form);
  return {
    state: data.get('state'),
    eventType: data.get('eventType'),
    levels: new Set(data.getAll('warningLevel')),
  };
}

function applyFilters() {
  const { state, eventType, levels } = filters();
  const inState = (states) => !state || states.split(',').includes(state);
  shown = {
    incidents: loaded.incidents.filter(
      (f) =>
        inState(f.properties.state) &&
        (!eventType || f.properties.eventType === eventType) &&
        levels.has(f.properties.warningLevel),
    ),
    events: loaded.events.filter(
      (f) =>
        inState(f.properties.states) &&
        (!eventType || f.properties.types.split(',').includes(eventType)) &&
        levels.has(f.properties.level),
    ),
    gauges: loaded.gauges.filter((f) => inState(f.properties.state)),
  };
  if (!map?.getLayer('incidents')) return;
  for (const [layer, filter] of Object.entries(layerFilters({ state, eventType, levels }))) {
    map.setFilter(layer, filter);
  }
  const archive = new FormData(form).get('archive') === 'on';
  map.setLayoutProperty(ARCHIVE_LAYER_ID, 'visibility', archive ? 'visible' : 'none');
  renderListOnceDrawn();
}

/** The list once the map has drawn: a few thousand rows should not hold up its frames. */
function renderListOnceDrawn() {
  if (!listPending) {
    listPending = true;
    map.once('idle', () => {
      listPending = false;
      renderList(document.getElementById('list-body'), shown, openFeature);
    });
  }
}
let listPending = false;

/** The catalogue's agencies, from the page: `state:agency` → public name and site. */
const AGENCIES = JSON.parse(document.getElementById('eids-agencies')?.textContent ?? '{}');
const LEVEL_NAMES = {
  emergency_warning: 'Emergency warning',
  watch_and_act: 'Watch and act',
  advice: 'Advice',
  none: 'No warning',
};

function link(href, text) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  return a;
}

function row(name, ...value) {
  const item = document.createElement('div');
  const term = document.createElement('dt');
  term.textContent = name;
  const definition = document.createElement('dd');
  definition.append(...value);
  item.append(term, definition);
  return item;
}

const time = (iso) =>
  iso ? new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** The CAP alert needs the key, so it is fetched and opened from memory. */
function capLink(id) {
  const path = `/v1/incidents/${encodeURIComponent(id)}?format=cap-au`;
  const a = link(path, 'CAP alert (CAP-AU XML)');
  a.addEventListener('click', (event) => {
    event.preventDefault();
    const opened = window.open('', '_blank');
    api
      .send(path)
      .then((response) => response.blob())
      .then((blob) => {
        const url = URL.createObjectURL(new Blob([blob], { type: 'text/xml' }));
        if (opened) opened.location.href = url;
        else window.location.href = url;
      })
      .catch(() => opened?.close());
  });
  return a;
}

function openFeature(kind, id, fromList = true) {
  const record = loaded.records.get(`${kind}:${id}`);
  if (!record) return;
  const heading = document.createElement('h2');
  const list = document.createElement('dl');
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', () => (details.hidden = true));
  if (kind === 'incident') {
    const p = record.properties;
    heading.textContent = p.title;
    const agency = AGENCIES[`${p.source.state}:${p.source.agency}`];
    const source = p.details?.source_url ?? agency?.url;
    list.append(
      row('Warning level', LEVEL_NAMES[p.warningLevel] ?? words(p.warningLevel)),
      row('Type', `${words(p.eventType)} (${words(p.status)})`),
      row('Reported', time(p.timestamps?.reported)),
      row('Updated', time(p.timestamps?.updated)),
      row(
        'Where',
        [p.location?.address, p.location?.suburb].filter(Boolean).join(', ') || p.source.state.toUpperCase(),
      ),
      row('Source', source ? link(source, agency?.name ?? p.source.agency.toUpperCase()) : p.source.agency),
      row('CAP', capLink(record.id)),
    );
  } else if (kind === 'event') {
    const p = record.properties;
    heading.textContent = p.title;
    list.append(
      row('Highest warning level', LEVEL_NAMES[p.maxWarningLevel] ?? words(p.maxWarningLevel)),
      row('Incidents', String(p.incidentCount)),
      row('First detected', time(p.firstDetectedAt)),
      row('Last updated', time(p.lastUpdatedAt)),
      row('Summary', p.summary ?? ''),
    );
  } else {
    heading.textContent = record.name;
    list.append(
      row('Flood class', words(record.readingStatus === 'stale' ? 'stale reading' : record.floodClass)),
      row(
        'Latest',
        record.latest ? `${record.latest.value} ${record.unit} at ${time(record.latest.time)}` : '—',
      ),
      row('Source', record.source),
    );
  }
  details.replaceChildren(heading, list, close);
  details.hidden = false;
  if (fromList) bringIntoView(record, close);
}

/**
 * A feature opened from the list, below the map: the map centred on it and scrolled into view with its
 * details, which take the focus (Close gives it back to the list).
 */
function bringIntoView(record, close) {
  const opener = document.activeElement;
  close.addEventListener('click', () => opener?.focus());
  const points = [];
  const walk = (c) => (typeof c[0] === 'number' ? points.push(c) : c.forEach(walk));
  walk(record.geometry?.coordinates ?? [record.longitude, record.latitude]);
  const lngs = points.map(([lng]) => lng);
  const lats = points.map(([, lat]) => lat);
  const [west, east] = [Math.min(...lngs), Math.max(...lngs)];
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  if (west === east && south === north) {
    map.easeTo({ center: [west, south], zoom: Math.max(map.getZoom(), FOCUS_ZOOM) });
  } else {
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: 60, maxZoom: FOCUS_ZOOM + 2 },
    );
  }
  document.getElementById('map').scrollIntoView({ block: 'start' });
  details.focus({ preventScroll: true });
}

function listenForClicks() {
  map.on('click', (event) => {
    const [hit] = map.queryRenderedFeatures(event.point, { layers: LIVE_LAYER_IDS });
    if (!hit) return;
    const kind = hit.layer.id === 'incidents' ? 'incident' : hit.layer.id === 'gauges' ? 'gauge' : 'event';
    void openClicked(kind, String(hit.properties.id));
  });
  for (const layer of LIVE_LAYER_IDS) {
    map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
  }
}

/** A feature clicked before the lists were read (or since changed): its record is read from /v1. */
async function openClicked(kind, id) {
  if (!loaded.records.has(`${kind}:${id}`)) {
    const read = await api.get(`/v1/${kind}s/${encodeURIComponent(id)}`, false).catch(() => undefined);
    if (read) loaded.records.set(`${kind}:${id}`, read.body);
  }
  openFeature(kind, id, false);
}

function fetchAll() {
  return Promise.all([
    api.get('/v1/exports/incidents/current.geojson'),
    api.all('/v1/events?limit=200', (body) => body.features),
    api.all('/v1/gauges?limit=500', (body) => body.gauges),
  ]);
}

async function load() {
  const [incidents, events, gauges] = await fetchAll();
  let changed = false;
  if (incidents.changed) {
    const points = incidents.body.features.filter(
      (f) => f.properties.featureType === 'incident' && f.geometry,
    );
    for (const f of points) loaded.records.set(`incident:${f.id}`, f);
    loaded.incidents = points.map(incidentFeature);
    changed = true;
  }
  if (events.changed) {
    for (const f of events.items) loaded.records.set(`event:${f.id}`, f);
    loaded.events = events.items.filter((f) => f.geometry).map(eventFeature);
    changed = true;
  }
  if (gauges.changed) {
    const placed = gauges.items.filter((g) => g.latitude !== null && g.longitude !== null);
    for (const g of placed) loaded.records.set(`gauge:${g.id}`, g);
    loaded.gauges = placed.map(gaugeFeature);
    changed = true;
  }
  if (changed) {
    applyFilters();
    readTilesAgain();
  }
  showStatus();
}

/** The tiles are read again at most this often while changes come (a tile unchanged answers 304). */
const TILE_READ_MS = 5000;
let tilesRead = 0;
let tileTimer;

/** The live tiles read again, now or at the end of the current wait: the map draws the changes. */
function readTilesAgain() {
  if (tileTimer || !map?.getSource('live')) return;
  tileTimer = setTimeout(
    () => {
      tileTimer = undefined;
      tilesRead = Date.now();
      const source = map.getSource('live');
      source.setTiles(source.tiles);
    },
    Math.max(0, tilesRead + TILE_READ_MS - Date.now()),
  );
}

function showStatus() {
  const counts = `${shown.incidents.length.toLocaleString('en-AU')} incidents, ${shown.events.length} events and ${shown.gauges.length} gauges shown`;
  const when = new Date().toLocaleTimeString('en-AU');
  statusLine.textContent = streaming
    ? `${counts}; live, last change ${when}.`
    : `${counts}; updated ${when}, next in ${pollMs / 1000} s.`;
}

/** Replaces (or, for `null`, removes) one feature of a layer's set, and its full record. */
function replace(kind, id, record, feature) {
  const layer = `${kind}s`;
  loaded[layer] = loaded[layer].filter((f) => f.properties.id !== id);
  loaded.records.delete(`${kind}:${id}`);
  if (!feature) return;
  loaded[layer].push(feature);
  loaded.records.set(`${kind}:${id}`, record);
}

/** One change from the stream: its `data` is the resource as its endpoint serves it. */
function applyChange(type, change) {
  const [kind] = type.split('.');
  const record = change.data;
  if (kind === 'incident') {
    const drawn =
      type !== 'incident.retracted' && record?.properties?.featureType === 'incident' && record.geometry;
    replace('incident', change.subject, record, drawn ? incidentFeature(record) : null);
  } else if (kind === 'event') {
    const drawn = type !== 'event.ended' && record?.geometry;
    replace('event', change.subject, record, drawn ? eventFeature(record) : null);
  } else if (kind === 'gauge') {
    const placed = record && record.latitude !== null && record.longitude !== null;
    replace('gauge', change.subject, record, placed ? gaugeFeature(record) : null);
  }
  redraw();
}

/** Changes come in bursts (one lake generation): the map is drawn once per burst. */
let redrawing;
function redraw() {
  redrawing ??= setTimeout(() => {
    redrawing = undefined;
    applyFilters();
    readTilesAgain();
    showStatus();
  }, 100);
}

/** The next read of the lists: one timer, set again whenever the stream starts or stops. */
let nextRead;
function readAgainIn(ms) {
  clearTimeout(nextRead);
  nextRead = setTimeout(async () => {
    if (document.visibilityState === 'visible') await poll();
    readAgainIn(streaming ? STREAMING_CHECK_MS : pollMs);
  }, ms);
}

function follow() {
  const stream = new ChangeStream(api, {
    change: applyChange,
    // Live: one conditional read covers any change between the lists and the stream's start (a few
    // seconds on, so it does not add to the first load's burst); then only the occasional check.
    ready: () => {
      streaming = true;
      readAgainIn(READ_AFTER_READY_MS);
    },
    reset: () => void poll(),
    // Without the stream the lists are polled again, from the moment it went (a failed reopen, later,
    // leaves the polling as it is).
    down: () => {
      if (!streaming) return;
      streaming = false;
      readAgainIn(pollMs);
    },
  });
  stream.open().catch(() => (streaming = false));
}

async function poll() {
  try {
    await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // The service made a new page key (its address changed, or an operator replaced it).
      api.key = await freshKey().catch(() => api.key);
    }
    statusLine.textContent = `Could not update the map: ${error.message}. Trying again in ${(streaming ? STREAMING_CHECK_MS : pollMs) / 1000} s.`;
  }
}

async function start() {
  const attribution = fetch('/v1/attribution')
    .then((response) => response.json())
    .then((body) => {
      const names = [...new Set(body.sources.map((source) => source.agency))];
      document.getElementById('attribution').textContent =
        `Data: ${names.join(', ')} (see /v1/attribution for licences). ${body.disclaimer}`;
    })
    .catch(() => undefined);
  await parsed;
  statusLine = document.getElementById('map-status');
  details = document.getElementById('details');
  form = document.getElementById('filters');
  form.addEventListener('change', () => applyFilters());
  await maplibreLoaded;
  // MapLibre's worker parses its own copy of the library before it can cut a tile: started now, it
  // does so while the basemap comes.
  maplibregl.prewarm();
  const basemap = await basemapRead;
  // The stages of the first render, for bench/map-render.ts.
  performance.mark('eids-map-created');
  map = createMap(basemap);
  showTowns(basemap);
  listenForClicks();
  await new Promise((resolve) => map.once('style.load', resolve));
  performance.mark('eids-style-loaded');
  applyFilters();
  // First render: the first frame with the tiles drawn (bench/map-render.ts reads this mark). It
  // costs a few tiles, whatever the number of incidents.
  await new Promise((resolve) => map.once('idle', resolve));
  performance.mark('eids-map-rendered');
  document.documentElement.dataset.mapRendered = 'true';
  // Then the lists, for the list view and the details.
  await poll();
  performance.mark('eids-data-read');
  await attribution;
  readAgainIn(pollMs);
  follow();
}

void start();
