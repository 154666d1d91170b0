import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { GaugeSourceError, malformed } from '../errors.js';
import { asRecord, bodyText } from '../json-body.js';

/**
 * SOS2 answers read into a plain tree: element names with their prefixes as written
 * (`wml2:MeasurementTVP`), attributes under `@name` (`@xlink:title`), text under `#text` when the
 * element also has attributes, every value a string, repeated elements as arrays. This is the shape
 * xmltodict gives too, so trees converted elsewhere read the same way.
 */

export type XmlTree = Record<string, unknown>;

export const SOS2_FORMAT = 'bom-sos2';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  trimValues: true,
});

/** The tree of an SOS2 SOAP answer; a SOAP Fault is an upstream error, anything not XML malformed. */
export function sosTree(body: Uint8Array | string, operation: string): XmlTree {
  const format = `${SOS2_FORMAT} ${operation}`;
  const text = bodyText(body);
  if (!text.startsWith('<')) throw malformed(format, 'not XML');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw malformed(format, `not well-formed XML (${valid.err.msg})`);
  const tree = parser.parse(text) as XmlTree;
  const fault = child(soapBody(tree, format), 'soap12:Fault');
  if (fault !== undefined) {
    const reason = textIn(child(child(fault, 'soap12:Reason'), 'soap12:Text')) ?? 'SOAP fault';
    throw new GaugeSourceError('upstream', `${format}: ${reason}`);
  }
  return tree;
}

/** The SOAP Body of a tree, or malformed. */
export function soapBody(tree: XmlTree, format: string): unknown {
  const body = child(child(tree, 'soap12:Envelope'), 'soap12:Body');
  if (body === undefined) throw malformed(format, 'no soap12:Envelope/soap12:Body');
  return body;
}

/** The repeated `memberName` elements of the answer element `responseName` in the SOAP Body, or malformed. */
export function responseMembers(
  tree: XmlTree,
  format: string,
  responseName: string,
  memberName: string,
): unknown[] {
  const response = child(soapBody(tree, format), responseName);
  if (response === undefined) throw malformed(format, `no ${responseName}`);
  return children(response, memberName);
}

/** A child element (or attribute, `@name`) of a tree node. */
export function child(node: unknown, name: string): unknown {
  return asRecord(node)?.[name];
}

/** A child that may repeat, always as an array. */
export function children(node: unknown, name: string): unknown[] {
  const value = child(node, name);
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The text of an element, whether it is a bare string or a node with `#text`. */
export function textIn(node: unknown): string | undefined {
  if (typeof node === 'string') return node.trim() === '' ? undefined : node.trim();
  const text = child(node, '#text');
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
}

/** An attribute's text (`attribute(node, 'xlink:href')`). */
export function attribute(node: unknown, name: string): string | undefined {
  const value = child(node, `@${name}`);
  return typeof value === 'string' ? value : undefined;
}

/** The last path segment of a BoM resource address (…/stations/915011A → 915011A). */
export function lastSegment(href: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  const segment = href.slice(href.lastIndexOf('/') + 1);
  return segment === '' ? undefined : segment;
}
