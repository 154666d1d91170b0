/**
 * A queue of one: each call runs after the previous one settled, whatever its outcome. The warehouse
 * connection is shared by commit activities, the coalescing publisher and compaction in one process.
 */
export function serialised(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}
