import { capAlertTree, type CapIssuer } from './cap-alert.js';
import type { CapEntry } from './cap-atom.js';
import { stableUrn } from './cap-atom.js';
import { xmlDocument } from './xml.js';

export const EDXL_DE_NAMESPACE = 'urn:oasis:names:tc:emergency:EDXL:DE:1.0';

export interface EdxlOptions {
  /** Names this distribution: the same page of the same generation gives the same id. */
  distributionKey: string;
  /** CAP-format date-time the distribution was made. */
  sent: string;
}

/**
 * The legacy `cap-au` list format: an EDXL-DE 1.0 distribution with one content object per CAP-AU alert,
 * the envelope NSW RFS, QLD, WA and TAS publish as their "CAP-AU feed". Superseded by the CAP Atom feed.
 */
export function edxlDistribution(
  entries: readonly CapEntry[],
  issuer: CapIssuer,
  options: EdxlOptions,
): string {
  const states = [...new Set(entries.map(({ record }) => `AU-${record.state.toUpperCase()}`))].sort();
  return xmlDocument('EDXLDistribution', {
    '@_xmlns': EDXL_DE_NAMESPACE,
    distributionID: stableUrn(issuer.sender, options.distributionKey),
    senderID: issuer.sender,
    dateTimeSent: options.sent,
    distributionStatus: 'Actual',
    distributionType: 'Report',
    combinedConfidentiality: 'UNCLASSIFIED AND NOT SENSITIVE',
    language: 'en-AU',
    ...(states.length > 0 ? { targetArea: { subdivision: states } } : {}),
    contentObject: entries.map(({ record, message }) => ({
      contentDescription: record.title,
      incidentID: encodeURIComponent(record.parent_id ?? record.id),
      xmlContent: { embeddedXMLContent: { alert: capAlertTree(record, message, issuer) } },
    })),
  });
}
