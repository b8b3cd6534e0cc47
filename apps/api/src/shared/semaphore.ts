/** Thrown when a queued task waited too long or the queue is full. */
export class SemaphoreBusyError extends Error {}

export interface Semaphore {
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * At most `max` tasks run at once; up to `queueLimit` wait, each at most `timeoutMs`, after which
 * it fails with SemaphoreBusyError instead of piling up.
 */
export function createSemaphore(max: number, queueLimit: number, timeoutMs: number): Semaphore {
  let running = 0;
  const queue: Array<{ grant: () => void }> = [];

  function release() {
    running--;
    const next = queue.shift();
    if (next) next.grant();
  }

  async function acquire(): Promise<void> {
    if (running < max && queue.length === 0) {
      running++;
      return;
    }
    if (queue.length >= queueLimit) throw new SemaphoreBusyError('queue full');
    await new Promise<void>((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          running++;
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const i = queue.indexOf(entry);
        if (i >= 0) queue.splice(i, 1);
        reject(new SemaphoreBusyError('timed out'));
      }, timeoutMs);
      queue.push(entry);
    });
  }

  return {
    async run(work) {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
