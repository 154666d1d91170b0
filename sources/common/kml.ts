import { flattenGeometry, type FlatGeometry } from './geometry.js';
import { asList, attributeOf, isXmlNode, readXml, textOf, type XmlNode } from './xml.js';

/**
 * A KML 2.x reader for incident placemarks (SA CRIIMSON, TAS, QLD KMZ once unzipped).
 *
 * Every Placemark of the document, in Document/Folder order at any depth, with:
 * - `id` (the attribute), `name`, `description` (character references decoded once: an escaped
 *   `&lt;br&gt;` arrives as `<br>`; CDATA as written), `styleUrl`;
 * - `extendedData`: `<Data name="k"><value>` and `<SchemaData><SimpleData name="k">` by name;
 * - `fields`: every other child element that holds text, by local name (non-standard members such as
 *   `<incidentname>` or `<aircraft>`), in the last-wins sense when one repeats;
 * - `geometry`: the Points and Polygons (holes included) of `Point`, `Polygon` and `MultiGeometry`
 *   at any depth. Coordinates are `lon,lat[,alt]` tuples separated by white space; the altitude is
 *   dropped, invalid tuples are dropped, open rings are closed (see geometry.ts). Lines are ignored.
 * - `element`: the parsed Placemark, for anything else (TimeStamp, Style…).
 * Nothing is mapped here: vocabularies and times belong to the feed's parser.
 */

export interface KmlPlacemark {
  id?: string;
  name?: string;
  description?: string;
  styleUrl?: string;
  extendedData: Record<string, string>;
  fields: Record<string, string>;
  geometry: FlatGeometry;
  /** The parsed element itself (see xml.ts), for anything else a feed needs. */
  element: XmlNode;
}

export interface KmlDocument {
  /** The first Document's `<name>`, if any. */
  name?: string;
  placemarks: KmlPlacemark[];
}

const CONTAINERS = ['Document', 'Folder'] as const;
const GEOMETRIES = ['Point', 'Polygon', 'MultiGeometry', 'LineString', 'LinearRing', 'MultiTrack', 'Track'];
const KNOWN = new Set(['name', 'description', 'styleUrl', 'ExtendedData', ...GEOMETRIES]);
/** The KML elements that may repeat, for {@link readXml}'s `arrayTags`. */
export const KML_ARRAY_TAGS = [
  ...CONTAINERS,
  'Placemark',
  'Data',
  'SchemaData',
  'SimpleData',
  'Point',
  'Polygon',
  'MultiGeometry',
  'innerBoundaryIs',
];

/** `138.5,-35.1,0 138.6,-35.2` → [[138.5, -35.1], [138.6, -35.2]]; a space after a comma is tolerated. */
export function parseKmlCoordinates(text: string): number[][] {
  return text
    .trim()
    .replace(/\s*,\s*/g, ',')
    .split(/\s+/)
    .filter((tuple) => tuple !== '')
    .map((tuple) => {
      const [lng = '', lat = ''] = tuple.split(',');
      return [lng === '' ? Number.NaN : Number(lng), lat === '' ? Number.NaN : Number(lat)];
    });
}

type CoordinatesReader = (text: string) => number[][];

/** The KML geometries of a node as one GeoJSON GeometryCollection, for flattenGeometry to validate. */
function geoJsonOf(
  node: XmlNode,
  readCoordinates: CoordinatesReader,
): { type: 'GeometryCollection'; geometries: object[] } {
  const coordinatesOf = (element: unknown): number[][] =>
    readCoordinates(isXmlNode(element) ? (textOf(element.coordinates) ?? '') : '');
  const ringOf = (boundary: unknown): number[][] =>
    isXmlNode(boundary) ? coordinatesOf(asList(boundary.LinearRing)[0]) : [];
  const geometries: object[] = [];
  for (const point of asList(node.Point)) {
    const [position] = coordinatesOf(point);
    if (position) geometries.push({ type: 'Point', coordinates: position });
  }
  for (const polygon of asList(node.Polygon)) {
    if (!isXmlNode(polygon)) continue;
    const outer = ringOf(asList(polygon.outerBoundaryIs)[0]);
    const holes = asList(polygon.innerBoundaryIs).map(ringOf);
    geometries.push({ type: 'Polygon', coordinates: [outer, ...holes] });
  }
  for (const multi of asList(node.MultiGeometry)) {
    if (isXmlNode(multi)) geometries.push(geoJsonOf(multi, readCoordinates));
  }
  return { type: 'GeometryCollection', geometries };
}

/**
 * The Points and Polygons of a Placemark (or any node), MultiGeometry at any depth, validated by
 * flattenGeometry. `readCoordinates` reads one `<coordinates>` text: {@link parseKmlCoordinates} unless
 * a feed needs its own reading.
 */
export function kmlGeometry(
  node: XmlNode,
  readCoordinates: CoordinatesReader = parseKmlCoordinates,
): FlatGeometry {
  return flattenGeometry(geoJsonOf(node, readCoordinates));
}

function extendedDataOf(node: unknown): Record<string, string> {
  const data: Record<string, string> = {};
  for (const extended of asList(node)) {
    if (!isXmlNode(extended)) continue;
    for (const item of asList(extended.Data)) {
      const name = attributeOf(item, 'name');
      const value = isXmlNode(item) ? textOf(item.value) : undefined;
      if (name !== undefined) data[name] = value ?? '';
    }
    for (const schemaData of asList(extended.SchemaData)) {
      if (!isXmlNode(schemaData)) continue;
      for (const simple of asList(schemaData.SimpleData)) {
        const name = attributeOf(simple, 'name');
        if (name !== undefined) data[name] = textOf(simple) ?? '';
      }
    }
  }
  return data;
}

function placemarkOf(node: unknown): KmlPlacemark {
  const placemark = isXmlNode(node) ? node : {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(placemark)) {
    if (key.startsWith('@_') || key === '#text' || KNOWN.has(key)) continue;
    const text = textOf(asList(value).at(-1));
    if (text !== undefined) fields[key] = text;
  }
  const optional = (value: unknown): string | undefined => textOf(asList(value)[0]);
  const result: KmlPlacemark = {
    extendedData: extendedDataOf(placemark.ExtendedData),
    fields,
    geometry: kmlGeometry(placemark),
    element: placemark,
  };
  const id = attributeOf(placemark, 'id');
  const name = optional(placemark.name);
  const description = optional(placemark.description);
  const styleUrl = optional(placemark.styleUrl);
  if (id !== undefined) result.id = id;
  if (name !== undefined) result.name = name;
  if (description !== undefined) result.description = description;
  if (styleUrl !== undefined) result.styleUrl = styleUrl;
  return result;
}

/**
 * The Placemark elements of a container and of its nested Documents and Folders, in document order
 * (depth first, with an explicit stack), as parsed: an empty `<Placemark/>` is ''.
 */
export function kmlPlacemarkElements(root: XmlNode): unknown[] {
  const placemarks: unknown[] = [];
  const stack: XmlNode[] = [root];
  while (stack.length > 0) {
    const container = stack.pop()!;
    placemarks.push(...asList(container.Placemark));
    const children = CONTAINERS.flatMap((tag) => asList(container[tag])).filter(isXmlNode);
    // Reversed so that popping visits containers in document order.
    stack.push(...children.toReversed());
  }
  return placemarks;
}

/** Reads a KML document; MalformedFeedError (naming `feedName`) when the body is not one. */
export function readKml(body: Uint8Array | string, feedName: string): KmlDocument {
  const { root } = readXml(body, feedName, ['kml'], { arrayTags: KML_ARRAY_TAGS });
  const [document] = asList(root.Document).filter(isXmlNode);
  const name = document ? textOf(asList(document.name)[0]) : undefined;
  const placemarks = kmlPlacemarkElements(root).map(placemarkOf);
  return name === undefined ? { placemarks } : { name, placemarks };
}
