import { badRequest } from '../core/errors';

// PostgreSQL text cannot hold U+0000 (error 22021, a 500). One generic check
// of the whole query and body names every field that holds one, before any
// schema or service sees it, so no route has to remember it.

const NUL = '\u0000';
export const NUL_MESSAGE = 'Must not contain NUL characters';

interface Place {
  key: string | number;
  parent?: Place;
}

const pathOf = (place: Place | undefined): string => {
  const keys: (string | number)[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.');
};

/**
 * Paths (`tests.1.title`) of every string value or object key holding a NUL.
 * Iterative, and a path is only spelled out when found: a 5 MiB body may nest
 * deeper than the call stack or hold millions of values.
 */
export function nulPaths(root: unknown): string[] {
  if (typeof root === 'string') return root.includes(NUL) ? [''] : [];
  const found: string[] = [];
  const stack: { value: object; place?: Place }[] = root !== null && typeof root === 'object' ? [{ value: root }] : [];
  const visit = (key: string | number, child: unknown, parent: Place | undefined) => {
    const bad = (typeof key === 'string' && key.includes(NUL)) || (typeof child === 'string' && child.includes(NUL));
    if (bad) found.push(pathOf({ key, parent }));
    else if (child !== null && typeof child === 'object') stack.push({ value: child, place: { key, parent } });
  };
  while (stack.length) {
    const { value, place } = stack.pop()!;
    // Arrays by index: for...in would make a string of every index.
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) visit(i, value[i], place);
    else for (const key in value) visit(key, (value as Record<string, unknown>)[key], place);
  }
  // Depth-first order is not document order; sorted, the message reads the same every time.
  return found.sort();
}

/** 400 naming every field of the query and body that holds a NUL. */
export function refuseNulCharacters(query: unknown, body: unknown): void {
  const paths = [...nulPaths(query), ...nulPaths(body)];
  if (paths.length) throw badRequest(paths.map((p) => (p ? `${p}: ${NUL_MESSAGE}` : NUL_MESSAGE)).join('; '));
}
