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
const ARRAY_TAGS = [
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

function coordinatesOf(node: unknown): number[][] {
  return parseKmlCoordinates(isXmlNode(node) ? (textOf(node.coordinates) ?? '') : '');
}

function ringOf(boundary: unknown): number[][] {
  return isXmlNode(boundary) ? coordinatesOf(asList(boundary.LinearRing)[0]) : [];
}

/** The KML geometries of a node as one GeoJSON GeometryCollection, for flattenGeometry to validate. */
function geoJsonOf(node: XmlNode): { type: 'GeometryCollection'; geometries: object[] } {
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
    if (isXmlNode(multi)) geometries.push(geoJsonOf(multi));
  }
  return { type: 'GeometryCollection', geometries };
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
    geometry: flattenGeometry(geoJsonOf(placemark)),
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

/** Placemarks of a container and of its nested containers, depth first, with an explicit stack. */
function collectPlacemarks(root: XmlNode): KmlPlacemark[] {
  const placemarks: KmlPlacemark[] = [];
  const stack: XmlNode[] = [root];
  while (stack.length > 0) {
    const container = stack.pop()!;
    for (const placemark of asList(container.Placemark)) placemarks.push(placemarkOf(placemark));
    const children = CONTAINERS.flatMap((tag) => asList(container[tag])).filter(isXmlNode);
    // Reversed so that popping visits containers in document order.
    stack.push(...children.toReversed());
  }
  return placemarks;
}

/** Reads a KML document; MalformedFeedError (naming `feedName`) when the body is not one. */
export function readKml(body: Uint8Array | string, feedName: string): KmlDocument {
  const { root } = readXml(body, feedName, ['kml'], { arrayTags: ARRAY_TAGS });
  const [document] = asList(root.Document).filter(isXmlNode);
  const name = document ? textOf(asList(document.name)[0]) : undefined;
  const placemarks = collectPlacemarks(root);
  return name === undefined ? { placemarks } : { name, placemarks };
}
