/* global document, Node */
/**
 * The features on the map as tables, for keyboard and screen-reader users: the same filtered sets the
 * map draws, each row a button that opens the feature's details and centres the map on it.
 */
const words = (value) => String(value ?? '').replaceAll('_', ' ');

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child instanceof Node ? child : String(child ?? ''));
  return node;
}

function table(caption, headings, rows) {
  const head = el('tr', {}, ...headings.map((heading) => el('th', { scope: 'col' }, heading)));
  const body = el('tbody');
  const fragment = document.createDocumentFragment();
  for (const cells of rows) fragment.append(el('tr', {}, ...cells.map((cell) => el('td', {}, cell))));
  body.append(fragment);
  return el('table', {}, el('caption', {}, caption), el('thead', {}, head), body);
}

function openButton(kind, id, title, open) {
  const button = el('button', { type: 'button', 'data-kind': kind, 'data-id': id }, title || '(untitled)');
  button.addEventListener('click', () => open(kind, id));
  return button;
}

/** One formatter for every row: toLocaleString makes a new one per call, slow over thousands of rows. */
const SHORT_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'short', timeStyle: 'short' });
const time = (iso) => (iso ? SHORT_TIME.format(new Date(iso)) : '');

/** Replaces the list with the features shown; `open(kind, id)` shows one. */
export function renderList(container, shown, open) {
  const incidents = shown.incidents.map((f) => [
    openButton('incident', f.properties.id, f.properties.title, open),
    words(f.properties.eventType),
    words(f.properties.warningLevel),
    f.properties.state.toUpperCase(),
    time(f.properties.updated),
  ]);
  const events = shown.events.map((f) => [
    openButton('event', f.properties.id, f.properties.title, open),
    words(f.properties.level),
    String(f.properties.incidentCount),
    f.properties.states.toUpperCase(),
  ]);
  const gauges = shown.gauges.map((f) => [
    openButton('gauge', f.properties.id, f.properties.title, open),
    words(f.properties.floodClass),
    f.properties.state.toUpperCase(),
    time(f.properties.time),
  ]);
  container.replaceChildren(
    table(
      `Incidents (${incidents.length})`,
      ['Title', 'Type', 'Warning level', 'State', 'Updated'],
      incidents,
    ),
    table(`Events (${events.length})`, ['Title', 'Highest warning level', 'Incidents', 'States'], events),
    table(`Gauges (${gauges.length})`, ['Gauge', 'Flood class', 'State', 'Latest reading'], gauges),
  );
}
