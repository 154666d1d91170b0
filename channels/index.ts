import { createSubscriptionBookkeeping } from './bookkeeping.js';
import type { Channel, ChannelDeps } from './channel.js';
import { emailChannel } from './email/index.js';
import { webhookChannel } from './webhook/index.js';

export { CHANNEL_KINDS } from './channel.js';
export type { Channel, ChannelDeps, ChannelKind, DeliveryWorkflow, TargetContext } from './channel.js';

/** Every channel, registered once: a new channel is a folder beside these and a line here. */
export const CHANNELS: readonly Channel[] = [webhookChannel, emailChannel];

/** The channel a subscription's target belongs to; undefined for a scheme no channel takes. */
export function channelOf(target: string | URL): Channel | undefined {
  const url = typeof target === 'string' ? URL.parse(target) : target;
  return url ? CHANNELS.find((channel) => channel.owns(url)) : undefined;
}

/** The activities of every channel, and the bookkeeping they share, for the ingest worker. */
export function channelActivities(deps: ChannelDeps) {
  const own = CHANNELS.map((channel) => channel.activities(deps));
  return Object.assign(createSubscriptionBookkeeping(deps.store, deps.now), ...own) as Record<
    string,
    (...args: never[]) => Promise<unknown>
  >;
}
