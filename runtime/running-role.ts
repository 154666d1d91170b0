/** A role of the service running in this process (runtime/roles.ts starts each). */
export interface RunningRole {
  /** Where the API listens (the api role only). */
  url?: string;
  /** Ends when the role stops by itself (a worker that failed); the process should then exit. */
  ended: Promise<void>;
  /** Stops in order (stop taking work, finish what is in flight, close connections). Idempotent. */
  stop(): Promise<void>;
}
