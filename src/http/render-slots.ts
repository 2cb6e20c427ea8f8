import type { Response } from 'express';
import { AppError } from '../core/errors';

// Reports, exports and JUnit imports are the heavy requests: each holds rows or
// a parsed report in memory, database connections and the event loop. A pool
// runs at most `concurrency` of them at once, and at most `perUser` of one user,
// so one user cannot take every slot from the others. The next ones wait up to
// `waitMs` for a slot, then get 503 with Retry-After, before their first byte (so
// in the envelope), instead of slowing every other request down.
//
// A user at their own cap waits without holding up the queue: a freed slot goes
// to the first waiter whose user is under the cap.

export interface SlotLimits {
  concurrency: number;
  perUser: number;
  waitMs: number;
}

export interface RenderSlots {
  /** Runs `work` in a slot of `userId`, freed when it settles or when the response closes (finished, failed or abandoned). */
  run<T>(res: Response, userId: number, work: () => Promise<T>): Promise<T | undefined>;
  /**
   * Takes a slot of `userId` until the response closes; false when the client left
   * while waiting (nothing to do for it). 503 when none freed up in time.
   */
  hold(res: Response, userId: number): Promise<boolean>;
}

interface Waiter {
  userId: number;
  grant(): void;
}

export function renderSlots({ concurrency, perUser, waitMs }: SlotLimits): RenderSlots {
  let active = 0;
  const held = new Map<number, number>();
  const queue: Waiter[] = [];
  const retryAfter = String(Math.max(1, Math.ceil(waitMs / 1000)));

  const fits = (userId: number) => active < concurrency && (held.get(userId) ?? 0) < perUser;
  const take = (userId: number) => {
    active += 1;
    held.set(userId, (held.get(userId) ?? 0) + 1);
  };
  const give = (userId: number) => {
    active -= 1;
    const n = (held.get(userId) ?? 1) - 1;
    if (n === 0) held.delete(userId);
    else held.set(userId, n);
    // Whoever fits now, in arrival order; after this no waiter fits, so a newcomer that fits may go ahead.
    for (let i = 0; i < queue.length && active < concurrency;) {
      const waiter = queue[i];
      if (!fits(waiter.userId)) {
        i += 1;
        continue;
      }
      queue.splice(i, 1);
      take(waiter.userId);
      waiter.grant();
    }
  };

  /** A slot, released once (explicitly or when the response closes); undefined when the client left first. */
  async function acquire(res: Response, userId: number): Promise<(() => void) | undefined> {
    if (res.destroyed || res.closed) return undefined;
    if (!fits(userId)) {
      const granted = await new Promise<boolean>((resolve, reject) => {
        const leave = () => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          clearTimeout(timer);
          res.off('close', left);
        };
        const waiter: Waiter = {
          userId,
          grant: () => {
            leave();
            resolve(true);
          },
        };
        // The client left while waiting: its place goes to the next one.
        const left = () => {
          leave();
          resolve(false);
        };
        const timer = setTimeout(() => {
          leave();
          reject(busy(res));
        }, waitMs);
        queue.push(waiter);
        res.once('close', left);
      });
      if (!granted) return undefined;
    } else {
      take(userId);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      res.off('close', release);
      give(userId);
    };
    // Granted just as the client left: nothing to do for it.
    if (res.destroyed || res.closed) {
      release();
      return undefined;
    }
    res.once('close', release);
    return release;
  }

  function busy(res: Response): AppError {
    res.setHeader('Retry-After', retryAfter);
    return new AppError('server_busy', 'Service unavailable');
  }

  return {
    async run(res, userId, work) {
      const release = await acquire(res, userId);
      if (!release) return undefined;
      try {
        return await work();
      } finally {
        release();
      }
    },
    async hold(res, userId) {
      return (await acquire(res, userId)) !== undefined;
    },
  };
}
