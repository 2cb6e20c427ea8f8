import { SaxesParser } from 'saxes';

// saxes keeps the character data of an unfinished text run or CDATA section in a private
// `text` field until the run ends, across any number of writes: a 50 MB <system-out> in one
// CDATA section would sit there whole. After each write we hand that pending part to the
// capped sink of the element it belongs to (or drop it) and clear the field.
//
// This reaches into saxes 6 internals (`text`, `state`, `stateTable`); states are recognised by
// their handler methods, not by number. If a saxes release changes them, nothing is drained
// (parsing stays correct, only memory is no longer bounded) and test/domain/junit-parser.test.ts
// fails on the check of this function.

type Internals = { text?: unknown; state?: unknown; stateTable?: unknown };
type Sink = { add(text: string): void };

const proto = SaxesParser.prototype as unknown as Record<string, unknown>;
// Only states in which `text` holds element character data (not a name, attribute value or comment).
const CHARACTER_DATA_STATES: unknown[] = ['sText', 'sCData', 'sCDataEnding', 'sCDataEnding2']
  .map((name) => proto[name])
  .filter((fn) => typeof fn === 'function');

/** Moves saxes' pending character data into `sink` (or drops it when null); returns how many characters were moved. */
export function drainPendingText(parser: SaxesParser<object>, sink: Sink | null): number {
  const p = parser as unknown as Internals;
  if (typeof p.text !== 'string' || p.text.length === 0 || typeof p.state !== 'number' || !Array.isArray(p.stateTable)) return 0;
  const handler: unknown = (p.stateTable as unknown[])[p.state];
  if (!CHARACTER_DATA_STATES.includes(handler)) return 0;
  const text = p.text;
  sink?.add(text);
  p.text = '';
  return text.length;
}
