/**
 * What the map draws and how: its sources (the basemap and outlines as GeoJSON; the live set and the
 * archive as the service's vector tiles, so the first view costs a few tiles whatever the number of
 * incidents) and its layers, with the filters the form sets on them.
 */
const LEVEL_COLOURS = {
  emergency_warning: '#c8102e',
  watch_and_act: '#f07c00',
  advice: '#e3b800',
  none: '#51606f',
};
const FLOOD_COLOURS = {
  major: '#7b1fa2',
  moderate: '#d81b60',
  minor: '#1e88e5',
  below_minor: '#26a69a',
  unclassified: '#9e9e9e',
};
const match = (property, colours) => [
  'match',
  ['get', property],
  ...Object.entries(colours).flat(),
  '#777777',
];

/** Australia: tiles outside it hold nothing, so they are never asked for. */
const BOUNDS = [112, -44.5, 154.5, -9.5];

/** The tile sources, on this page's origin (MapLibre fetches tiles from a worker: URLs are absolute). */
export function tileSources(origin) {
  return {
    live: { type: 'vector', tiles: [`${origin}/v1/tiles/live/{z}/{x}/{y}`], maxzoom: 14, bounds: BOUNDS },
    archive: {
      type: 'vector',
      tiles: [`${origin}/v1/tiles/archive/{z}/{x}/{y}`],
      maxzoom: 10,
      bounds: BOUNDS,
    },
  };
}

/** The live layers' ids, as the click handler and the filters name them. */
export const LIVE_LAYER_IDS = ['incidents', 'gauges', 'event-hulls'];
export const ARCHIVE_LAYER_ID = 'archive-heat';

/**
 * The map's layers, bottom to top: sea, land and its coast, outlines, the archive's heat map (hidden
 * until asked for), event hulls, gauges, then incidents above them all (the town names are HTML over
 * the canvas).
 */
export const MAP_LAYERS = [
  { id: 'background', type: 'background', paint: { 'background-color': '#cfe0ea' } },
  {
    id: 'land',
    type: 'fill',
    source: 'basemap',
    filter: ['==', ['get', 'kind'], 'land'],
    // The coast layer draws the edge: the fill's own outline would cost another shader to compile,
    // which software WebGL does slowly on the first frame.
    paint: { 'fill-color': '#f3f1ec', 'fill-antialias': false },
  },
  {
    id: 'coast',
    type: 'line',
    source: 'basemap',
    filter: ['==', ['get', 'kind'], 'land'],
    paint: { 'line-color': '#8fa9b8', 'line-width': 0.8 },
  },
  {
    id: 'lga-outlines',
    type: 'line',
    source: 'outlines',
    filter: ['==', ['get', 'kind'], 'lga'],
    paint: { 'line-color': '#d9d3c7', 'line-width': 0.5 },
  },
  {
    id: 'state-outlines',
    type: 'line',
    source: 'outlines',
    filter: ['==', ['get', 'kind'], 'state'],
    paint: { 'line-color': '#8c8372', 'line-width': 1.2 },
  },
  {
    id: ARCHIVE_LAYER_ID,
    type: 'heatmap',
    source: 'archive',
    'source-layer': 'archive',
    layout: { visibility: 'none' },
    paint: {
      // A cell's weight grows with the log of its count (a cell holds one incident or thousands), to
      // a full weight at about 150.
      'heatmap-weight': ['interpolate', ['linear'], ['ln', ['+', 1, ['get', 'count']]], 0, 0, 5, 1],
      'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 3, 1.5, 10, 3],
      'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 3, 10, 10, 30],
      'heatmap-opacity': 0.8,
    },
  },
  {
    id: 'event-hulls',
    type: 'fill',
    source: 'live',
    'source-layer': 'events',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': match('level', LEVEL_COLOURS), 'fill-opacity': 0.18 },
  },
  {
    id: 'event-outlines',
    type: 'line',
    source: 'live',
    'source-layer': 'events',
    paint: { 'line-color': match('level', LEVEL_COLOURS), 'line-width': 1.5, 'line-dasharray': [2, 1] },
  },
  {
    id: 'gauges',
    type: 'circle',
    source: 'live',
    'source-layer': 'gauges',
    paint: {
      'circle-radius': 3.5,
      'circle-color': match('floodClass', FLOOD_COLOURS),
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 0.8,
    },
  },
  {
    id: 'incidents',
    type: 'circle',
    source: 'live',
    'source-layer': 'incidents',
    paint: {
      'circle-radius': 5.5,
      'circle-color': match('warningLevel', LEVEL_COLOURS),
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  },
];

/** Tiles write sets as `,a,b,`: a member is found by its own commas. */
const holds = (property, value) => ['in', `,${value},`, ['get', property]];

/**
 * The form's filters as each live layer's filter: the same rules the list applies to its rows
 * (state, type, warning levels; gauges by state only).
 */
export function layerFilters({ state, eventType, levels }) {
  const levelIn = (property) => ['in', ['get', property], ['literal', [...levels]]];
  const events = [
    'all',
    ...(state ? [holds('states', state)] : []),
    ...(eventType ? [holds('types', eventType)] : []),
    levelIn('level'),
  ];
  return {
    incidents: [
      'all',
      ...(state ? [['==', ['get', 'state'], state]] : []),
      ...(eventType ? [['==', ['get', 'eventType'], eventType]] : []),
      levelIn('warningLevel'),
    ],
    'event-hulls': ['all', ['==', ['geometry-type'], 'Polygon'], events],
    'event-outlines': events,
    gauges: state ? ['==', ['get', 'state'], state] : null,
  };
}
