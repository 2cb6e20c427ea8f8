import type { Response } from 'express';
import { Semaphore, withTimeout, type SemaphoreInterface } from 'async-mutex';
import { AppError } from '../core/errors';

// Reports and exports are the heavy answers: each holds rows in memory, a
// database connection per batch and the event loop between writes. A process
// renders at most `concurrency` of them at once; the next ones wait up to
// `waitMs` for a slot, then get 503 with Retry-After, before their first byte
// (so in the envelope), instead of slowing every other request down.

export interface RenderSlots {
  /** Runs `render` in a slot, freed when it settles or when the response closes (finished, failed or abandoned). */
  run<T>(res: Response, render: () => Promise<T>): Promise<T | undefined>;
}

const busy = new Error('no render slot freed up in time');

export function renderSlots({ concurrency, waitMs }: { concurrency: number; waitMs: number }): RenderSlots {
  const slots: SemaphoreInterface = withTimeout(new Semaphore(concurrency), waitMs, busy);
  const retryAfter = String(Math.max(1, Math.ceil(waitMs / 1000)));
  return {
    async run(res, render) {
      let release: () => void;
      try {
        [, release] = await slots.acquire();
      } catch (err) {
        if (err !== busy) throw err;
        res.setHeader('Retry-After', retryAfter);
        throw new AppError('unavailable', 'Service unavailable');
      }
      // The client left while waiting: nothing to render for.
      if (res.destroyed || res.closed) {
        release();
        return undefined;
      }
      res.once('close', release);
      try {
        return await render();
      } finally {
        release();
      }
    },
  };
}
