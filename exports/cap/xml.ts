import { XMLBuilder } from 'fast-xml-parser';
import type { XmlTree } from './cap-alert.js';

/**
 * One serializer for every XML document the service emits. Text and attribute values are escaped by
 * the builder; element order is the key order of the tree, which the tree builders keep in schema order.
 */
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
});

const DECLARATION = { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' } };

/** A whole document: the XML declaration, then `root` as the single root element. */
export function xmlDocument(rootName: string, root: XmlTree): string {
  return builder.build({ ...DECLARATION, [rootName]: root });
}

/** One element without a declaration, to be placed inside a document built elsewhere. */
export function xmlFragment(name: string, tree: XmlTree): string {
  return builder.build({ [name]: tree });
}
