import { useRef } from 'react';
import { useMutation, type MutateOptions } from '@tanstack/react-query';

// A create sent once per intention. Each submission gets an Idempotency-Key, reused when the same
// body is sent again before one succeeded (a retry after a lost answer: the server answers the
// first write again instead of writing twice), new once one succeeded or the body changed. And a
// submission while one is in flight is dropped at once: the button's disabled state shows only
// after React re-renders, and a double click can land before that.

/** A random key; crypto.randomUUID needs a secure context, which a server on a LAN address is not. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

interface Options<B, T> {
  /** Sends the create with its Idempotency-Key. */
  mutationFn: (body: B, idempotencyKey: string) => Promise<T>;
  onSuccess?: (data: T, body: B) => unknown;
}

/** useMutation for a create: an Idempotency-Key per intended submission, and one submission in flight at a time. */
export function useIdempotentMutation<B, T>({ mutationFn, onSuccess }: Options<B, T>) {
  const inFlight = useRef(false);
  const last = useRef<{ body: string; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (body: B) => {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
      return mutationFn(body, last.current.key);
    },
    onSuccess: (data, body) => {
      last.current = null;
      return onSuccess?.(data, body);
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const mutate = (body: B, options?: MutateOptions<T, Error, B>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(body, options);
  };
  const mutateAsync = (body: B, options?: MutateOptions<T, Error, B>): Promise<T> => {
    if (inFlight.current) return Promise.reject(new Error('A submission is already in flight'));
    inFlight.current = true;
    return mutation.mutateAsync(body, options);
  };
  return { ...mutation, mutate, mutateAsync };
}
