import type { Position, StateCode } from '../model/index.js';

/** Where a subscription listens, as its owner gave it. */
export type AreaSpec =
  | { type: 'point'; lat: number; lng: number; radiusKm: number }
  | { type: 'polygon'; polygon: { type: 'Polygon'; coordinates: Position[][] } }
  | { type: 'lga'; code: string }
  | { type: 'postcode'; postcode: string }
  | { type: 'state'; state: StateCode };

/**
 * An area as matching uses it, resolved once when the subscription is made: a circle, polygons (an
 * LGA's or a postcode's LGAs' boundaries, with their codes, which gauges carry), or a state.
 */
export type ResolvedArea =
  | { kind: 'circle'; longitude: number; latitude: number; radiusKm: number }
  | { kind: 'polygons'; polygons: Position[][][]; lgaCodes: string[] }
  | { kind: 'state'; state: StateCode };

export type SubscriptionStatus = 'active' | 'disabled';

export interface Subscription {
  id: string;
  /** The key that made it: only that key sees, lists and deletes it. */
  keyId: string;
  /** The target: a webhook's https URL or a mailto: address; its scheme names the channel (channels/). */
  url: string;
  /** Change types it receives; empty: every type. */
  types: string[];
  area: AreaSpec;
  resolved: ResolvedArea;
  /** The Standard Webhooks secret (`whsec_…`): shown once, kept to sign; empty for e-mail. */
  secret: string;
  status: SubscriptionStatus;
  disabledReason: string | null;
  disabledAt: string | null;
  createdAt: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One change for one subscription, and how its delivery went. */
export interface DeliveryRecord {
  changeId: string;
  type: string;
  subject: string;
  status: DeliveryStatus;
  attempts: number;
  queuedAt: string;
  lastAttemptAt: string | null;
  /** The receiver's HTTP status on the last attempt; null when it gave none (time-out, refused). */
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
}

export interface SubscriptionHealth {
  active: number;
  disabled: number;
  /** Deliveries queued and not yet delivered or given up. */
  pending: number;
  /** When the oldest of them was queued; null when none is. */
  oldestPendingAt: string | null;
}

export interface AttemptRecord {
  at: string;
  delivered: boolean;
  status: number | null;
  error: string | null;
}

/**
 * Where subscriptions and their delivery log live: a SQLite file of its own under DATA_DIR (shared by
 * the API processes and the delivery activities of one host), or, with DATABASE_URL, the key store's
 * PostgreSQL database (api/subscriptions/postgres-store.ts), shared by every host.
 */
export interface SubscriptionStore {
  create(subscription: Subscription): Promise<void>;
  get(id: string): Promise<Subscription | undefined>;
  /** A key's subscriptions, newest first. */
  listFor(keyId: string): Promise<Subscription[]>;
  countFor(keyId: string): Promise<number>;
  /** Every active subscription: what the matching index is built from. */
  active(): Promise<Subscription[]>;
  /** Deletes a key's subscription (and its log); false when the key has none of that id. */
  delete(id: string, keyId: string): Promise<boolean>;
  disable(id: string, reason: string, at: string): Promise<void>;
  /** Grows whenever a subscription is made, deleted or disabled: a reader rebuilds what it derived. */
  revision(): Promise<number>;
  /** A change queued for a subscription (a repeat of one already queued changes nothing). */
  queued(
    id: string,
    delivery: { changeId: string; type: string; subject: string },
    at: string,
  ): Promise<void>;
  attempted(id: string, changeId: string, attempt: AttemptRecord): Promise<void>;
  /** The newest deliveries of a subscription first. */
  deliveries(id: string, limit: number): Promise<DeliveryRecord[]>;
  /** The last change the dispatchers handed on, to resume from after a restart. */
  dispatchedUpTo(): Promise<string | undefined>;
  /** Counts for operators: subscriptions by status, deliveries not yet delivered or given up. */
  health(): Promise<SubscriptionHealth>;
  setDispatchedUpTo(changeId: string): Promise<void>;
  /** Lets go of the file or the connections. */
  close(): void | Promise<void>;
}
