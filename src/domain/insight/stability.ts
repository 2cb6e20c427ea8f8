import { FLAKY_BIT, NO_ELAPSED, STATUS_CODE, type RunDigest } from './data';
import type { TestStatusName } from '../runs/runs.schemas';
import type { FlakyReason } from './insight.schemas';

// Test stability over a window of runs, computed from their digests in one pass per run:
// per-test counters in typed arrays (50,000 tests × 30 runs is 1.5 million results), the tests
// and each digest both ordered by test id, so a run is merged in without a lookup table.
//
// Definitions (README, "Test stability"):
// - an execution is a result other than untested; failed counts failed and blocked;
// - a flip is a change between passed and failed (or blocked) from one execution to the next
//   that is passed or failed (a retest between them neither flips nor breaks the pair);
// - a test is flaky when its flips reach minFlips, when it passed and failed in runs of the same
//   build commit, or when it was flaky within a run (a rerun in one import passed and failed).

const NAMES: TestStatusName[] = ['untested', 'passed', 'failed', 'blocked', 'retest'];
const PASS = 1;
const FAIL = 2;
/** passed → PASS, failed and blocked → FAIL, others 0. */
const outcome = (code: number) =>
  code === STATUS_CODE.passed ? PASS : code === STATUS_CODE.failed || code === STATUS_CODE.blocked ? FAIL : 0;

export interface StabilityRow {
  testId: number;
  executions: number;
  passed: number;
  failed: number;
  flips: number;
  possibleFlips: number;
  failureRate: number;
  lastStatus: TestStatusName | null;
  lastRunId: number | null;
  lastExecutedAt: Date | null;
  lastFailedAt: Date | null;
  medianElapsedMs: number | null;
  p95ElapsedMs: number | null;
  flaky: boolean;
  flakyReasons: FlakyReason[];
}

/** A window's run: its id and build commit (null without one). */
export interface WindowRun {
  runId: number;
  commit: string | null;
}

export class StabilityCounter {
  private readonly n: number;
  private readonly executions: Uint16Array;
  private readonly passed: Uint16Array;
  private readonly failed: Uint16Array;
  private readonly flips: Uint16Array;
  private readonly lastOutcome: Uint8Array;
  private readonly lastStatus: Uint8Array;
  private readonly lastRun: Int32Array;
  private readonly lastAt: Int32Array;
  private readonly lastFailedAt: Int32Array;
  private readonly flakyInRun: Uint8Array;
  private readonly sameCommit: Uint8Array;
  private readonly elapsed: (number[] | undefined)[];
  /** Per commit, per test: PASS | FAIL bits seen in that commit's runs. */
  private readonly commits = new Map<string, Uint8Array>();

  /** `testIds` ascending: the tests to count (others in the digests are passed over). */
  constructor(private readonly testIds: Int32Array) {
    const n = (this.n = testIds.length);
    this.executions = new Uint16Array(n);
    this.passed = new Uint16Array(n);
    this.failed = new Uint16Array(n);
    this.flips = new Uint16Array(n);
    this.lastOutcome = new Uint8Array(n);
    this.lastStatus = new Uint8Array(n);
    this.lastRun = new Int32Array(n);
    this.lastAt = new Int32Array(n);
    this.lastFailedAt = new Int32Array(n);
    this.flakyInRun = new Uint8Array(n);
    this.sameCommit = new Uint8Array(n);
    this.elapsed = new Array<number[] | undefined>(n);
  }

  /** Adds one run's results; runs must come oldest first. */
  add(run: WindowRun, d: RunDigest): void {
    let commitSeen: Uint8Array | undefined;
    if (run.commit !== null) {
      commitSeen = this.commits.get(run.commit);
      if (!commitSeen) this.commits.set(run.commit, (commitSeen = new Uint8Array(this.n)));
    }
    const ids = this.testIds;
    let t = 0;
    for (let i = 0; i < d.size && t < this.n; i++) {
      const id = d.testId(i);
      while (t < this.n && ids[t] < id) t++;
      if (t === this.n || ids[t] !== id) continue;
      const raw = d.status(i);
      const code = raw & ~FLAKY_BIT;
      if (code === STATUS_CODE.untested) continue;
      this.executions[t]++;
      const o = outcome(code);
      if (o === PASS) this.passed[t]++;
      else if (o === FAIL) this.failed[t]++;
      if (o !== 0) {
        if (this.lastOutcome[t] !== 0 && this.lastOutcome[t] !== o) this.flips[t]++;
        this.lastOutcome[t] = o;
        if (commitSeen) {
          commitSeen[t] |= o;
          if (commitSeen[t] === (PASS | FAIL)) this.sameCommit[t] = 1;
        }
      }
      if (raw & FLAKY_BIT) this.flakyInRun[t] = 1;
      const at = d.executedAt(i);
      this.lastStatus[t] = code;
      this.lastRun[t] = run.runId;
      this.lastAt[t] = at;
      if (o === FAIL) this.lastFailedAt[t] = at;
      const ms = d.elapsedMs(i);
      if (ms !== NO_ELAPSED) (this.elapsed[t] ??= []).push(ms);
    }
  }

  /** Index of the test in the counted tests (ascending ids), -1 when not counted. */
  indexOf(testId: number): number {
    let lo = 0;
    let hi = this.n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.testIds[mid] === testId) return mid;
      if (this.testIds[mid] < testId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  get size(): number {
    return this.n;
  }

  executionsAt(t: number): number {
    return this.executions[t];
  }
  flipsAt(t: number): number {
    return this.flips[t];
  }
  failureRateAt(t: number): number {
    return this.executions[t] ? this.failed[t] / this.executions[t] : 0;
  }
  /** The status of the test's last execution in the window (untested when none). */
  lastStatusAt(t: number): TestStatusName {
    return NAMES[this.executions[t] ? this.lastStatus[t] : STATUS_CODE.untested];
  }
  lastExecutedAt(t: number): number {
    return this.lastAt[t];
  }
  medianAt(t: number): number | null {
    return percentile(this.elapsed[t], 0.5);
  }
  flakyReasonsAt(t: number, minFlips: number): FlakyReason[] {
    const reasons: FlakyReason[] = [];
    if (this.flips[t] >= minFlips) reasons.push('flips');
    if (this.sameCommit[t]) reasons.push('same_commit');
    if (this.flakyInRun[t]) reasons.push('flaky_in_run');
    return reasons;
  }

  row(t: number, minFlips: number): StabilityRow {
    const executions = this.executions[t];
    const reasons = this.flakyReasonsAt(t, minFlips);
    const time = (s: number) => (s ? new Date(s * 1000) : null);
    return {
      testId: this.testIds[t],
      executions,
      passed: this.passed[t],
      failed: this.failed[t],
      flips: this.flips[t],
      possibleFlips: Math.max(0, executions - 1),
      failureRate: round(this.failureRateAt(t)),
      lastStatus: executions ? NAMES[this.lastStatus[t]] : null,
      lastRunId: executions ? this.lastRun[t] : null,
      lastExecutedAt: executions ? time(this.lastAt[t]) : null,
      lastFailedAt: time(this.lastFailedAt[t]),
      medianElapsedMs: percentile(this.elapsed[t], 0.5),
      p95ElapsedMs: percentile(this.elapsed[t], 0.95),
      flaky: reasons.length > 0,
      flakyReasons: reasons,
    };
  }
}

const round = (x: number) => Math.round(x * 10000) / 10000;

/** The nearest-rank percentile of the values (null for none). */
export function percentile(values: number[] | undefined, p: number): number | null {
  if (!values?.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
