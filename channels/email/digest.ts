import type { WebhookDelivery } from '../../model/index.js';

/** One message: its subject and plain text. */
export interface DigestMessage {
  subject: string;
  text: string;
}

/** What a digest's text says besides the changes. */
export interface DigestContext {
  /** The live map, linked at the end of every message. */
  mapUrl: string;
  /** The subscription, named so a reader can find (and delete) it. */
  subscriptionId: string;
}

interface ChangeLine {
  type: string;
  label: string;
  where: string | undefined;
  level: string | undefined;
  at: string | undefined;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The few facts a line shows, read from the change document (an incident, event or gauge). */
function lineOf(delivery: WebhookDelivery): ChangeLine {
  let document: Record<string, unknown> = {};
  try {
    document = asRecord(JSON.parse(delivery.body));
  } catch {
    // A body is the stream's own JSON; should one not parse, the line still names the change.
  }
  const data = asRecord(document.data);
  const properties = asRecord(data.properties ?? data);
  const location = asRecord(properties.location);
  const states = Array.isArray(properties.states) ? properties.states.join(', ') : undefined;
  return {
    type: delivery.type,
    label: text(properties.title) ?? text(properties.name) ?? delivery.subject,
    where: [text(location.suburb), text(properties.state) ?? text(location.state) ?? states]
      .filter(Boolean)
      .join(', '),
    level: text(properties.warningLevel) ?? text(properties.floodClass),
    at: text(document.timestamp),
  };
}

function formatLine(line: ChangeLine): string {
  const facts = [line.where, line.level && line.level !== 'none' ? line.level : undefined, line.at];
  return `- ${line.type}: ${line.label}${facts.some(Boolean) ? ` (${facts.filter(Boolean).join('; ')})` : ''}`;
}

/** The plain-text digest of some changes of one subscription, oldest first. */
export function composeDigest(deliveries: readonly WebhookDelivery[], context: DigestContext): DigestMessage {
  const count = deliveries.length;
  const noun = count === 1 ? 'change' : 'changes';
  const lines = deliveries.map((delivery) => formatLine(lineOf(delivery)));
  return {
    subject: `${count} ${noun} in your area: ${lineOf(deliveries[0]!).label}${count > 1 ? ' and more' : ''}`,
    text: [
      `${count} ${noun} in the area of your subscription, oldest first:`,
      '',
      ...lines,
      '',
      `See them on the live map: ${context.mapUrl}`,
      '',
      `Subscription ${context.subscriptionId}. Official warnings come from the agencies named on the map;`,
      'follow their advice. To stop these messages, delete the subscription (DELETE /v1/subscriptions/{id}).',
    ].join('\n'),
  };
}
