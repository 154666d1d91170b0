import { SqliteSubscriptionStore } from './sqlite-store.js';
import type { SubscriptionStore } from './types.js';

/**
 * The SQLite store, opened on first use: a worker that never delivers a webhook never opens the file.
 */
export function lazySubscriptionStore(file: string): SubscriptionStore {
  let store: SqliteSubscriptionStore | undefined;
  return new Proxy({} as SubscriptionStore, {
    get: (_target, name) => {
      // Not a promise: awaiting the store (an async opener returns it) must not open the file.
      if (name === 'then') return undefined;
      store ??= SqliteSubscriptionStore.open(file);
      const opened = store;
      const member: unknown = Reflect.get(opened, name);
      return typeof member === 'function'
        ? (...args: unknown[]): unknown => Reflect.apply(member, opened, args)
        : member;
    },
  });
}
