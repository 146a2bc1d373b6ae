/**
 * Runs tasks with at most `concurrency` at once; the others wait in order of arrival (p-limit's idea, in a few
 * lines rather than a dependency). `active` and `waiting` say how busy it is.
 */
export function concurrencyLimit(concurrency: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  // a finished task hands its place straight to the next one waiting
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < concurrency) active++;
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
  return Object.defineProperties(run, {
    active: { get: () => active },
    waiting: { get: () => queue.length },
  }) as typeof run & { readonly active: number; readonly waiting: number };
}
