// Failure messages grouped by what they say, not by the values they carry: "expected 3 items,
// got 4" and "expected 5 items, got 0" are one group. The first line of a result's comment (an
// import writes "<type>: <message>" there) is normalized: UUIDs, timestamps, quoted values,
// paths, hex and numbers become placeholders.

const MAX_LINE = 500;

const RULES: [RegExp, string][] = [
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/g, '<time>'],
  [/\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\b/g, '<time>'],
  [/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '<value>'],
  [/(?:[A-Za-z]:\\|\.{0,2}\/)?(?:[\w.@-]+[\\/])+[\w.@-]+(?::\d+)*/g, '<path>'],
  [/\b0x[0-9a-f]+\b/gi, '<hex>'],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<hex>'],
  [/\d+(?:\.\d+)?/g, '<n>'],
];

/** The first non-empty line of a message, at most MAX_LINE characters. */
export function firstLine(message: string): string {
  const line = message.split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, MAX_LINE);
}

/** The message's group: its first line with the values replaced and spaces collapsed. */
export function failureSignature(message: string): string {
  let s = firstLine(message);
  for (const [pattern, placeholder] of RULES) s = s.replace(pattern, placeholder);
  return s.replace(/\s+/g, ' ').trim();
}
