import { RawStore } from './raw-store.js';
import { sharedFilesOf, type SharedFiles, type SharedFilesSettings } from './shared-files.js';

/** What activities that fetch upstream share between calls: settings, fetch, clock and the raw store. */
export interface FetchingContext<S extends SharedFilesSettings> {
  settings: S;
  fetch: typeof fetch | undefined;
  now: () => Date;
  shared: SharedFiles;
  raw: RawStore;
}

/** The context of a fetching activity factory's deps: the shared files, and raw bodies kept in them. */
export function fetchingContext<S extends SharedFilesSettings>(deps: {
  settings: S;
  fetch?: typeof fetch | undefined;
  now?: (() => Date) | undefined;
}): FetchingContext<S> {
  const { settings } = deps;
  const shared = sharedFilesOf(settings);
  return {
    settings,
    fetch: deps.fetch,
    now: deps.now ?? (() => new Date()),
    shared,
    raw: new RawStore(settings.DATA_DIR, shared),
  };
}
