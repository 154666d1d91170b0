import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { bodyText } from '../common/body-text.js';
import { MalformedFeedError } from '../common/errors.js';
import { flattenGeometry, type FlatGeometry } from '../common/geometry.js';
import { isRecord } from './drafts.js';

/**
 * Reading the TFS XML documents (bfKml / alertKml KML 2.1, colBushfireSummariesRss GeoRSS).
 * Body checks: BOM and leading blank lines skipped (the KML starts with a dozen of them and has no
 * XML declaration), empty body, HTML page, not well-formed (truncated) or an unexpected root element →
 * MalformedFeedError. Values stay strings; namespace prefixes are removed (`georss:point` → `point`);
 * attributes are kept as `@_name`; character references are decoded once, so the KML description's
 * escaped `&lt;table&gt;…&#034;` arrives as HTML; CDATA is merged into the text.
 */

type XmlNode = Record<string, unknown>;

const ARRAY_TAGS = new Set([
  'Document',
  'Folder',
  'Placemark',
  'Point',
  'Polygon',
  'MultiGeometry',
  'innerBoundaryIs',
  'item',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => ARRAY_TAGS.has(name),
});

export function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? (value as unknown[]) : [value];
}

/** The text of an element (a string, or `#text` of an element with attributes), trimmed. */
export function textOf(value: unknown): string | undefined {
  const first = listOf(value)[0];
  if (typeof first === 'string') return first.trim();
  if (isRecord(first) && typeof first['#text'] === 'string') return first['#text'].trim();
  return undefined;
}

/** The root element of a TFS XML document whose root must be `root`. */
export function readTfsXml(body: Uint8Array, feed: string, root: string): XmlNode {
  const text = bodyText(body, feed);
  if (!text.startsWith('<'))
    throw new MalformedFeedError(`${feed}: not XML: ${JSON.stringify(text.slice(0, 80))}`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new MalformedFeedError(
      `${feed}: not well-formed XML, truncated? (line ${valid.err.line}: ${valid.err.msg})`,
    );
  }
  const parsed: unknown = parser.parse(text);
  const names = isRecord(parsed) ? Object.keys(parsed).filter((name) => !name.startsWith('#')) : [];
  if (names.length !== 1 || names[0] !== root) {
    throw new MalformedFeedError(
      `${feed}: expected a <${root}> document, got <${names.join('>, <') || 'nothing'}>`,
    );
  }
  const element = (parsed as XmlNode)[root];
  return isRecord(element) ? element : {};
}

export interface TfsPlacemark {
  id?: string;
  name?: string;
  /** HTML, character references decoded. */
  description?: string;
  styleUrl?: string;
  geometry: FlatGeometry;
}

/** `147.5,-41.1 147.6,-41.2,0` → [[147.5, -41.1], [147.6, -41.2]]: lon,lat[,alt] tuples. */
function coordinatesOf(node: unknown): number[][] {
  const text = isRecord(node) ? (textOf(node.coordinates) ?? '') : '';
  return text
    .replace(/\s*,\s*/g, ',')
    .split(/\s+/)
    .filter((tuple) => tuple !== '')
    .map((tuple) => tuple.split(',').slice(0, 2).map(Number));
}

function ringOf(boundary: unknown): number[][] {
  return isRecord(boundary) ? coordinatesOf(listOf(boundary.LinearRing)[0]) : [];
}

/** Point, Polygon and MultiGeometry of a node as one GeoJSON GeometryCollection (lines ignored). */
function geoJsonOf(node: XmlNode): { type: 'GeometryCollection'; geometries: object[] } {
  const geometries: object[] = [];
  for (const point of listOf(node.Point)) {
    const [position] = coordinatesOf(point);
    if (position) geometries.push({ type: 'Point', coordinates: position });
  }
  for (const polygon of listOf(node.Polygon)) {
    if (!isRecord(polygon)) continue;
    const outer = ringOf(listOf(polygon.outerBoundaryIs)[0]);
    geometries.push({
      type: 'Polygon',
      coordinates: [outer, ...listOf(polygon.innerBoundaryIs).map(ringOf)],
    });
  }
  for (const multi of listOf(node.MultiGeometry)) {
    if (isRecord(multi)) geometries.push(geoJsonOf(multi));
  }
  return { type: 'GeometryCollection', geometries };
}

function placemarkOf(node: XmlNode): TfsPlacemark {
  const placemark: TfsPlacemark = { geometry: flattenGeometry(geoJsonOf(node)) };
  const id = typeof node['@_id'] === 'string' ? node['@_id'].trim() : undefined;
  const name = textOf(node.name);
  const description = textOf(node.description);
  const styleUrl = textOf(node.styleUrl);
  if (id) placemark.id = id;
  if (name !== undefined) placemark.name = name;
  if (description !== undefined) placemark.description = description;
  if (styleUrl !== undefined) placemark.styleUrl = styleUrl;
  return placemark;
}

/** Every Placemark of a KML document, in document order, Documents and Folders at any depth. */
export function readKmlPlacemarks(body: Uint8Array, feed: string): TfsPlacemark[] {
  const placemarks: TfsPlacemark[] = [];
  const stack: XmlNode[] = [readTfsXml(body, feed, 'kml')];
  while (stack.length > 0) {
    const container = stack.pop()!;
    for (const placemark of listOf(container.Placemark))
      if (isRecord(placemark)) placemarks.push(placemarkOf(placemark));
    const children = [...listOf(container.Document), ...listOf(container.Folder)].filter(isRecord);
    // Reversed so that popping visits containers in document order.
    stack.push(...children.toReversed());
  }
  return placemarks;
}
