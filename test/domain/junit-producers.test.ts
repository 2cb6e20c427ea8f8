import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { parseJUnit } from '../../src/domain/junit-import/junit-parser';

// Reports written by real test runners, one folder per producer under
// test/fixtures/junit/producers/ (see the README there). This file only checks what is true of the
// XML itself, whatever the importer becomes: each report is well-formed and the number of
// <testcase> elements is expected.json's `testcases`. Comparing Casebook's import answer with the
// rest of expected.json (tests, passed, failed, skipped, todo, flaky, repetitions, reruns) belongs
// with the rebuilt importer.

const PRODUCERS = path.join(__dirname, '..', 'fixtures', 'junit', 'producers');

type Expected = {
  producer: string;
  version: string;
  command: string;
  testcases: number;
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
  flaky: number;
  repetitions: number;
  reruns: number;
  notes: string;
};

const COUNTS = ['testcases', 'tests', 'passed', 'failed', 'skipped', 'todo', 'flaky', 'repetitions', 'reruns'] as const;

const producers = readdirSync(PRODUCERS).filter((name) => statSync(path.join(PRODUCERS, name)).isDirectory());

function reportsOf(producer: string): string[] {
  const dir = path.join(PRODUCERS, producer);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.xml'))
    .map((name) => path.join(dir, name));
}

function expectedOf(producer: string): Expected {
  return JSON.parse(readFileSync(path.join(PRODUCERS, producer, 'expected.json'), 'utf8')) as Expected;
}

/** Reads the document with a plain XML parser: throws unless it is well-formed; counts <testcase> elements. */
function countTestcases(xml: string): number {
  const sax = new SaxesParser();
  let testcases = 0;
  let roots = 0;
  let depth = 0;
  sax.on('error', (error) => {
    throw error;
  });
  sax.on('opentag', (tag) => {
    if (depth === 0) roots += 1;
    depth += 1;
    if (tag.name === 'testcase') testcases += 1;
  });
  sax.on('closetag', () => {
    depth -= 1;
  });
  sax.write(xml).close();
  expect(roots).toBe(1);
  return testcases;
}

test('there are producer folders', () => {
  expect(producers.length).toBeGreaterThanOrEqual(6);
});

describe.each(producers)('producer %s', (producer) => {
  const reports = reportsOf(producer);
  const expected = expectedOf(producer);

  test('has a report, the runner summary or the source, the project, and a complete expected.json', () => {
    expect(reports.length).toBeGreaterThan(0);
    const files = readdirSync(path.join(PRODUCERS, producer));
    expect(files.includes('summary.txt') || files.includes('source.txt')).toBe(true);
    if (files.includes('summary.txt')) expect(files).toContain('project');
    for (const key of ['producer', 'version', 'command', 'notes'] as const) expect(typeof expected[key]).toBe('string');
    for (const key of COUNTS) {
      expect(Number.isInteger(expected[key]) && expected[key] >= 0).toBe(true);
    }
    // Every test ends in exactly one outcome; a flaky test is one that passed in the end.
    expect(expected.passed + expected.failed + expected.skipped + expected.todo).toBe(expected.tests);
    expect(expected.flaky).toBeLessThanOrEqual(expected.passed);
  });

  test('every report is well-formed and small, and its <testcase> elements are expected.testcases', () => {
    let testcases = 0;
    for (const report of reports) {
      expect(statSync(report).size).toBeLessThan(200 * 1024);
      testcases += countTestcases(readFileSync(report, 'utf8'));
    }
    expect(testcases).toBe(expected.testcases);
  });

  test("the project's JUnit parser reads every report to its end", async () => {
    for (const report of reports) {
      let cases = 0;
      for await (const _ of parseJUnit(readFileSync(report))) cases += 1;
      expect(cases).toBeGreaterThan(0);
    }
  });
});
