import { badRequest } from '../core/errors';

// Text PostgreSQL cannot store is refused before any schema or service sees it,
// by one generic check of the whole query and body that names every field
// holding some, so no route has to remember it:
// - U+0000: text columns cannot hold it (error 22021, a 500);
// - an unpaired UTF-16 surrogate ("\ud800" in JSON, which JSON.parse keeps as
//   it is): it has no UTF-8 form, so PostgreSQL rejects it in text and in JSON
//   (the audit's details), again a 500. A query string or form cannot carry one
//   (their decoding turns bad bytes into U+FFFD); a JSON body can, in any value or key.

const NUL = '\u0000';
export const NUL_MESSAGE = 'Must not contain NUL characters';
export const SURROGATE_MESSAGE = 'Must be well-formed Unicode (holds an unpaired surrogate)';

// With the u flag a pair is one code point, so this matches only a surrogate left alone
// (String.prototype.isWellFormed, which the ES2023 lib we compile against does not declare).
const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

const problemOf = (text: string): string | undefined =>
  text.includes(NUL) ? NUL_MESSAGE : UNPAIRED_SURROGATE.test(text) ? SURROGATE_MESSAGE : undefined;

interface Place {
  key: string | number;
  parent?: Place;
}

/** A key as the message names it: a bad one escaped (\u0000, \ud800), so the message itself stays storable and readable. */
const keyText = (key: string | number): string =>
  typeof key === 'number' || !problemOf(key) ? String(key) : JSON.stringify(key).slice(1, -1);

const pathOf = (place: Place | undefined): string => {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(keyText(p.key));
  return keys.reverse().join('.');
};

export interface TextProblem {
  /** `tests.1.title`; '' for the root value itself. */
  path: string;
  message: string;
}

/**
 * Every string value or object key (arrays and objects at any depth) that holds
 * text PostgreSQL cannot store. Iterative, and a path is only spelled out when
 * found: a 5 MiB body may nest deeper than the call stack or hold millions of values.
 */
export function unstorableText(root: unknown): TextProblem[] {
  if (typeof root === 'string') {
    const message = problemOf(root);
    return message ? [{ path: '', message }] : [];
  }
  const found: TextProblem[] = [];
  const stack: { value: object; place?: Place }[] = root !== null && typeof root === 'object' ? [{ value: root }] : [];
  const visit = (key: string | number, child: unknown, parent: Place | undefined) => {
    // A bad key names the place; what it holds is not looked at any further.
    const message = (typeof key === 'string' && problemOf(key)) || (typeof child === 'string' && problemOf(child));
    if (message) found.push({ path: pathOf({ key, parent }), message });
    else if (child !== null && typeof child === 'object') stack.push({ value: child, place: { key, parent } });
  };
  while (stack.length) {
    const { value, place } = stack.pop()!;
    // Arrays by index: for...in would make a string of every index.
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) visit(i, value[i], place);
    else for (const key in value) visit(key, (value as Record<string, unknown>)[key], place);
  }
  // Depth-first order is not document order; sorted, the message reads the same every time.
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** 400 naming every field of the query and body that holds text PostgreSQL cannot store (NUL, unpaired surrogate). */
export function refuseNulCharacters(query: unknown, body: unknown): void {
  const problems = [...unstorableText(query), ...unstorableText(body)];
  if (problems.length) throw badRequest(problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '));
}
