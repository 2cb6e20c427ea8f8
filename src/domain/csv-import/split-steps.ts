import type { Step } from '../test-cases/steps.schemas';

// Numbered steps in one cell, as TestRail, Qase and Casebook's own export write them:
// "1. Open the cart\n2. Pay" — each line starting with the next number (1. or 1)) starts a step,
// other lines continue it. Casebook's export writes a step's data and expected result on lines of
// their own under it ("   Data: ...", "   Expected: ...": test-cases/steps-text.ts), read back here.

const NUMBERED = /^\s*(\d{1,3})[.)]\s+(.*)$/;
const LABELLED = /^\s+(Data|Expected):\s?(.*)$/;

/** The numbered items of a cell (texts, in order), or undefined when it does not start with "1.". */
export function numberedItems(text: string): string[] | undefined {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = NUMBERED.exec(lines[0]);
  if (!first || first[1] !== '1') return undefined;
  const items: string[][] = [];
  for (const line of lines) {
    const m = NUMBERED.exec(line);
    if (m && Number(m[1]) === items.length + 1) items.push([m[2]]);
    else items[items.length - 1].push(line);
  }
  return items.map((lines) => lines.join('\n').trim());
}

/** A steps text as steps when it is numbered (each step's labelled Data and Expected lines read into it), else undefined. */
export function splitStepsText(text: string): Step[] | undefined {
  const items = numberedItems(text);
  if (!items) return undefined;
  return items.map((item) => {
    const step: Step = { action: '' };
    type Part = 'action' | 'data' | 'expected';
    let into: Part = 'action';
    const parts: Record<Part, string[]> = { action: [], data: [], expected: [] };
    for (const line of item.split('\n')) {
      const m = LABELLED.exec(line);
      if (m) {
        into = m[1] === 'Data' ? 'data' : 'expected';
        parts[into].push(m[2]);
      } else parts[into].push(line);
    }
    step.action = parts.action.join('\n').trim();
    if (parts.data.length) step.data = parts.data.join('\n').trim();
    if (parts.expected.length) step.expected = parts.expected.join('\n').trim();
    return step;
  });
}

/**
 * A step column's cell by step number: numbered items ("1. ...", "2. ..." — a data column may
 * start past 1, naming only the steps it has data for), else the whole cell as step 1.
 */
function itemsByNumber(cell: string): Map<number, string> {
  const items = new Map<number, string>();
  if (cell === '') return items;
  const lines = cell.replace(/\r\n?/g, '\n').split('\n');
  if (!NUMBERED.test(lines[0])) return items.set(1, cell);
  let at = 0;
  const parts = new Map<number, string[]>();
  for (const line of lines) {
    const m = NUMBERED.exec(line);
    if (m && Number(m[1]) > at) parts.set((at = Number(m[1])), [m[2]]);
    else parts.get(at)!.push(line);
  }
  for (const [n, p] of parts) items.set(n, p.join('\n').trim());
  return items;
}

/**
 * Steps from the step columns of one row: each cell one step, or numbered steps matched by number
 * across the cells. A number with an expected result or data but no action is named in `missing`.
 */
export function stepsFromColumns(action: string, expected: string, data: string): { steps: Step[]; missing: number[] } {
  const [actions, expects, datas] = [action, expected, data].map((c) => itemsByNumber(c.trim()));
  const numbers = [...new Set([...actions.keys(), ...expects.keys(), ...datas.keys()])].sort((a, b) => a - b);
  const steps: Step[] = [];
  const missing: number[] = [];
  for (const n of numbers) {
    const [a = '', e = '', d = ''] = [actions, expects, datas].map((items) => items.get(n) ?? '');
    if (a === '') {
      if (e !== '' || d !== '') missing.push(n);
      continue;
    }
    steps.push({ action: a, ...(e ? { expected: e } : {}), ...(d ? { data: d } : {}) });
  }
  return { steps, missing };
}
