import type { LookupAddress } from 'node:dns';
import type { Settings } from '../config/index.js';
import type { SubscriptionStore } from '../subscriptions/types.js';

/** The ways a subscription's changes leave the service. */
export const CHANNEL_KINDS = ['webhook', 'email'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** What a target is checked against when a subscription is made. */
export interface TargetContext {
  /** WEBHOOK_ALLOW_LOOPBACK: webhook targets on 127.0.0.0/8 and ::1 (development). */
  allowLoopback: boolean;
  /** Looks a webhook target's name up; the system resolver when absent. */
  lookup?: ((hostname: string) => Promise<LookupAddress[]>) | undefined;
  /** Whether this deployment sends e-mail (SMTP_URL is set). */
  smtp: boolean;
}

/** A subscription's delivery workflow: one per subscription, so its deliveries keep their order. */
export interface DeliveryWorkflow {
  workflowType: string;
  workflowId: string;
  /** Started with this when no workflow of that id runs; signalled with each change either way. */
  input: unknown;
}

/** What a channel's activities are built from (on the ingest worker). */
export interface ChannelDeps {
  store: SubscriptionStore;
  settings: Settings;
  now?: () => Date;
}

/**
 * One way of delivering changes (ADR 39): it owns its target's rules, its delivery workflow's inputs,
 * its activities and its settings, and is registered once in channels/index.ts. A subscription's
 * target is a URL whose scheme names the channel (https: a webhook; mailto: e-mail).
 */
export interface Channel {
  kind: ChannelKind;
  /** Whether a subscription's target is this channel's. */
  owns(target: URL): boolean;
  /** Why a target may not be used (a clear sentence for the 400); undefined when it may. */
  refusal(target: URL, context: TargetContext): Promise<string | undefined>;
  /** Where a subscription's changes are handed on to. */
  workflow(subscriptionId: string, settings: Settings): DeliveryWorkflow;
  /** The activities its delivery workflow calls, for the ingest worker. */
  activities(deps: ChannelDeps): Record<string, (...args: never[]) => Promise<unknown>>;
}
