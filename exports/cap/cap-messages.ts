import { STATE_TIME_ZONES, type IncidentRecord, type IncidentVersion } from '../../model/index.js';
import { capDateTime } from './cap-time.js';

export type CapMsgType = 'Alert' | 'Update' | 'Cancel';

/** A message the service issued for one version of an incident. */
export interface CapMessageId {
  identifier: string;
  sent: string;
}

export interface CapMessage extends CapMessageId {
  msgType: CapMsgType;
  /** Every earlier message of the chain this one updates or cancels, oldest first. */
  references: CapMessageId[];
}

/**
 * The identifier of the message for one version: the incident id (percent-encoded, so it can never hold
 * the whitespace, commas, `<` or `&` CAP forbids) and the version number, e.g. `nsw-rfs-678279-v3`.
 * Unique per sender because each version of each id is issued once.
 */
export function capIdentifier(incidentId: string, version: number): string {
  return `${encodeURIComponent(incidentId)}-v${version}`;
}

/**
 * The message for the latest version of an incident. Versions since the last retraction form one chain
 * (an incident that comes back after a Cancel starts a new one): its first message is an Alert, later
 * ones Updates, a retraction a Cancel; Updates and Cancels reference every earlier message of the chain,
 * none of which expires (docs/adr/0010-cap-outputs.md).
 */
export function latestMessage(record: IncidentRecord, versions: readonly IncidentVersion[]): CapMessage {
  const sorted = [...versions].sort((a, b) => a.version - b.version);
  const latest = sorted[sorted.length - 1];
  if (!latest) throw new Error(`incident ${record.id} has no recorded version`);
  const zone = STATE_TIME_ZONES[record.state];
  const earlier = sorted.slice(0, -1);
  const lastCancel = earlier.map((v) => v.retracted).lastIndexOf(true);
  const chain = earlier.slice(lastCancel + 1);
  const id = (v: IncidentVersion): CapMessageId => ({
    identifier: capIdentifier(record.id, v.version),
    sent: capDateTime(v.validFrom, zone),
  });
  return {
    ...id(latest),
    msgType: record.retracted ? 'Cancel' : chain.length === 0 ? 'Alert' : 'Update',
    references: chain.map(id),
  };
}
