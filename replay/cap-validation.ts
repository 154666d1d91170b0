import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { RelaxNGValidator, XmlDocument, XmlValidateError, XsdValidator, type XmlElement } from 'libxml2-wasm';
import { CAP_AU_EVENT_LIST_URI } from '../model/index.js';
import { requireSharedFolder } from './shared-samples.js';

/**
 * Validators over the official schemas in ../shared/cap, each compiled once per test file: CAP 1.2
 * (and Google's stricter CAP 1.2 profile), the Atom RELAX NG grammar, EDXL-DE 1.0; plus code checks
 * for the CAP-AU rules no schema expresses, against the real AUeventLIST.
 */
export class CapValidators {
  private constructor(
    private readonly cap: XsdValidator,
    private readonly capStrict: XsdValidator,
    private readonly atom: RelaxNGValidator,
    private readonly edxl: XsdValidator,
    private readonly eventList: ReadonlyMap<string, { event: string; categories: string[] }>,
  ) {}

  static load(): CapValidators {
    const xsd = (relative: string) =>
      XsdValidator.fromDoc(XmlDocument.fromString(readFileSync(requireSharedFolder(relative), 'utf8')));
    const atom = RelaxNGValidator.fromDoc(
      XmlDocument.fromString(readFileSync(requireSharedFolder('cap/extra/atom_rfc4287.rng'), 'utf8')),
    );
    return new CapValidators(
      xsd('cap/CAP-v1.2.xsd'),
      xsd('cap/extra/cap12_extended.xsd'),
      atom,
      xsd('cap/extra/edxlde-1_0.xsd'),
      readEventList(requireSharedFolder('cap/extra/AUeventLIST1.0.csv')),
    );
  }

  /** Problems of one standalone alert against the CAP 1.2 XSD alone. */
  xsdProblems(xml: string): string[] {
    return withDocument(xml, (doc) => schemaProblems(this.cap, doc, 'CAP-v1.2.xsd'));
  }

  /** Every problem of one standalone alert: CAP 1.2 XSD, the stricter XSD, then the CAP-AU rules. */
  alertProblems(xml: string, profileCode: string): string[] {
    return withDocument(xml, (doc) => [
      ...schemaProblems(this.cap, doc, 'CAP-v1.2.xsd'),
      ...schemaProblems(this.capStrict, doc, 'cap12_extended.xsd'),
      ...this.profileProblems(xml, profileCode),
    ]);
  }

  /** Problems of an Atom feed against RFC 4287's grammar, and of every alert it inlines. */
  atomProblems(xml: string, profileCode: string): string[] {
    return this.containerProblems(xml, profileCode, this.atom, 'atom_rfc4287.rng');
  }

  /** Problems of an EDXL-DE distribution, and of every alert it carries. */
  edxlProblems(xml: string, profileCode: string): string[] {
    return this.containerProblems(xml, profileCode, this.edxl, 'edxlde-1_0.xsd');
  }

  private containerProblems(
    xml: string,
    profileCode: string,
    validator: XsdValidator | RelaxNGValidator,
    schema: string,
  ): string[] {
    return withDocument(xml, (doc) => [
      ...schemaProblems(validator, doc, schema),
      ...this.embeddedAlerts(doc).flatMap((alert) => this.alertProblems(alert, profileCode)),
    ]);
  }

  /** The CAP alerts inside a container document, each as a standalone document. */
  embeddedAlerts(doc: XmlDocument): string[] {
    const found = doc.find('//cap:alert', { cap: 'urn:oasis:names:tc:emergency:cap:1.2' });
    return found.map((node) => {
      const alert = node as XmlElement;
      // A prefix declared on an ancestor (EDXL-DE feeds declare `cap:` at the root) goes with the alert.
      const local = alert.nsDeclarations;
      for (const [prefix, uri] of Object.entries(alert.namespaces)) {
        if (!(prefix in local)) alert.addNsDeclaration(uri, prefix === '' ? undefined : prefix);
      }
      return alert.toString();
    });
  }

  /** The CAP-AU rules of CAP-AU.md sections 1-4 that the XSD cannot express. */
  profileProblems(xml: string, profileCode: string): string[] {
    const alert = parseAlert(xml);
    const problems: string[] = [];
    const fail = (message: string) => problems.push(`${String(alert.identifier)}: ${message}`);

    for (const field of ['identifier', 'sender'] as const) {
      if (!/^[^\s,<&]+$/.test(String(alert[field]))) fail(`${field} has whitespace, ',', '<' or '&'`);
    }
    const codes = list(alert.code);
    if (codes.length !== 1 || codes[0] !== profileCode)
      fail(`code is ${JSON.stringify(codes)}, not the profile`);
    const infos = list(alert.info) as Record<string, unknown>[];
    if (infos.length === 0) fail('no info');
    const msgType = String(alert.msgType);
    const references = alert.references === undefined ? [] : text(alert.references).trim().split(/\s+/);
    if ((msgType === 'Update' || msgType === 'Cancel') && references.length === 0) {
      fail(`${msgType} without references`);
    }
    for (const reference of references) {
      const [sender, identifier, sent, ...rest] = reference.split(',');
      if (rest.length > 0 || !sender || !identifier || !sent || !CAP_DATE.test(sent)) {
        fail(`malformed reference ${reference}`);
      }
    }
    for (const field of ['sent'])
      if (!CAP_DATE.test(String(alert[field]))) fail(`${field} is not a CAP date`);

    const eventCodeSets = new Set<string>();
    const categorySets = new Set<string>();
    for (const info of infos) {
      if (info.language !== 'en-AU') fail(`language ${String(info.language)}`);
      for (const field of ['effective', 'onset', 'expires']) {
        if (info[field] !== undefined && !CAP_DATE.test(text(info[field])))
          fail(`${field} is not a CAP date`);
      }
      if (msgType === 'Cancel' && info.effective !== undefined) fail('Cancel with effective');
      const eventCodes = list(info.eventCode) as { valueName: string; value: string }[];
      const authorised = eventCodes.filter((code) => code.valueName === CAP_AU_EVENT_LIST_URI);
      if (authorised.length !== 1) fail(`${authorised.length} authorised eventCodes`);
      const listed = authorised[0] ? this.eventList.get(String(authorised[0].value)) : undefined;
      if (authorised[0] && !listed) fail(`eventCode ${authorised[0].value} is not in AUeventLIST`);
      if (listed && listed.event !== info.event) fail(`event ${String(info.event)} is not ${listed.event}`);
      const categories = list(info.category).map(String).sort();
      if (listed && categories.join() !== [...listed.categories].sort().join()) {
        fail(`category ${categories.join()} is not the list's ${listed.categories.join()}`);
      }
      eventCodeSets.add(JSON.stringify(eventCodes));
      categorySets.add(categories.join());
      const areas = list(info.area) as Record<string, unknown>[];
      if (areas.length === 0) fail('info without area');
      for (const area of areas) {
        for (const polygon of list(area.polygon).map(String)) problems.push(...polygonProblems(polygon));
        for (const circle of list(area.circle).map(String)) {
          const match = /^(\S+),(\S+) (\d+(\.\d+)?)$/.exec(circle);
          if (!match || !inRange(Number(match[1]), Number(match[2]))) fail(`bad circle ${circle}`);
        }
      }
    }
    if (eventCodeSets.size > 1 || categorySets.size > 1) fail('infos differ in eventCode or category');
    return problems;
  }
}

export const CAP_DATE = /^\d\d\d\d-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d\d:\d\d$/;

function inRange(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

function polygonProblems(polygon: string): string[] {
  const pairs = polygon.trim().split(/\s+/);
  const problems: string[] = [];
  if (pairs.length < 4) problems.push(`polygon with ${pairs.length} pairs`);
  if (pairs[0] !== pairs[pairs.length - 1]) problems.push('polygon not closed');
  for (const pair of pairs) {
    const [lat, lon] = pair.split(',');
    if (!inRange(Number(lat), Number(lon))) problems.push(`pair out of range: ${pair}`);
    if ([lat, lon].some((value) => (value?.split('.')[1]?.length ?? 0) > 6))
      problems.push(`> 6 decimals: ${pair}`);
  }
  return problems;
}

/** Runs `use` on the parsed document, then frees it (libxml2's memory is not garbage-collected). */
function withDocument<T>(xml: string, use: (doc: XmlDocument) => T): T {
  const doc = XmlDocument.fromString(xml);
  try {
    return use(doc);
  } finally {
    doc.dispose();
  }
}

function schemaProblems(
  validator: XsdValidator | RelaxNGValidator,
  doc: XmlDocument,
  schema: string,
): string[] {
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    return error.details.map((detail) => `${schema} line ${detail.line}: ${detail.message.trim()}`);
  }
}

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });

function parseAlert(xml: string): Record<string, unknown> {
  return (parser.parse(xml) as { alert: Record<string, unknown> }).alert;
}

/** Leaf elements parse as strings; anything else is shown as JSON so a problem message says what it was. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function list(value: unknown): unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** AUeventLIST 1.0: code → the name `<event>` must carry (tier II, else tier I) and its CAP categories. */
function readEventList(path: string): Map<string, { event: string; categories: string[] }> {
  const events = new Map<string, { event: string; categories: string[] }>();
  const rows: string[][] = parseCsv(readFileSync(path, 'utf8'), { relax_column_count: true, from_line: 2 });
  for (const [, tier1, tier2, code, categories] of rows) {
    if (!code || !tier1) continue;
    events.set(code, {
      event: tier2 && tier2 !== '' ? tier2 : tier1,
      categories: (categories ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== ''),
    });
  }
  return events;
}
