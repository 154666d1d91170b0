import type {
  AreaSpec,
  DeliveryRecord,
  DeliveryStatus,
  ResolvedArea,
  Subscription,
  SubscriptionStatus,
} from './types.js';

/**
 * A subscription's row as both stores keep it. `Json` is how the store hands back its JSON columns:
 * text in SQLite, values already parsed in PostgreSQL (jsonb).
 */
export interface SubscriptionRow<Json> {
  id: string;
  key_id: string;
  url: string;
  types: Json;
  area: Json;
  resolved: Json;
  secret: string;
  status: string;
  disabled_reason: string | null;
  disabled_at: string | null;
  created_at: string;
}

export interface DeliveryRow {
  change_id: string;
  type: string;
  subject: string;
  status: string;
  attempts: number;
  queued_at: string;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
}

/** The columns of a subscription's row, in the order both stores insert them. */
export const SUBSCRIPTION_COLUMNS =
  'id, key_id, url, types, area, resolved, secret, status, disabled_reason, disabled_at, created_at';

/** A subscription's values in SUBSCRIPTION_COLUMNS' order, its JSON columns as text. */
export function subscriptionValues(subscription: Subscription): unknown[] {
  return [
    subscription.id,
    subscription.keyId,
    subscription.url,
    JSON.stringify(subscription.types),
    JSON.stringify(subscription.area),
    JSON.stringify(subscription.resolved),
    subscription.secret,
    subscription.status,
    subscription.disabledReason,
    subscription.disabledAt,
    subscription.createdAt,
  ];
}

export function subscriptionOf<Json>(
  row: SubscriptionRow<Json>,
  parse: (json: Json) => unknown,
): Subscription {
  return {
    id: row.id,
    keyId: row.key_id,
    url: row.url,
    types: parse(row.types) as string[],
    area: parse(row.area) as AreaSpec,
    resolved: parse(row.resolved) as ResolvedArea,
    secret: row.secret,
    status: row.status as SubscriptionStatus,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
  };
}

export function deliveryOf(row: DeliveryRow): DeliveryRecord {
  return {
    changeId: row.change_id,
    type: row.type,
    subject: row.subject,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    queuedAt: row.queued_at,
    lastAttemptAt: row.last_attempt_at,
    lastStatus: row.last_status,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
  };
}
