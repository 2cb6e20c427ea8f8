import { FLAKY_BIT as FLAKY_BIT_, NO_ELAPSED as NO_ELAPSED_, STATUS_CODE, type RunDigest } from './data';
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
// Module constants, not imported bindings, in the loop over every result.
const FLAKY_BIT = FLAKY_BIT_;
const NO_ELAPSED = NO_ELAPSED_;
const UNTESTED = STATUS_CODE.untested;
const PASSED = STATUS_CODE.passed;
const FAILED = STATUS_CODE.failed;
const BLOCKED = STATUS_CODE.blocked;
const PASS = 1;
const FAIL = 2;
/** passed → PASS, failed and blocked → FAIL, others 0. */
const outcome = (code: number) => (code === PASSED ? PASS : code === FAILED || code === BLOCKED ? FAIL : 0);

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

/** Per result of the digest, the index of its test among `ids` (ascending), -1 when not among them: one merge of two sorted lists. */
export function positionsIn(ids: Int32Array, d: RunDigest): Int32Array {
  const out = new Int32Array(d.size).fill(-1);
  const n = ids.length;
  const digestIds = d.testIds;
  for (let i = 0, t = 0; i < d.size && t < n; i++) {
    const id = digestIds[i];
    while (t < n && ids[t] < id) t++;
    if (t < n && ids[t] === id) out[i] = t;
  }
  return out;
}

/** Marks in `fresh` (per test index, `at` from positionsIn) the tests the digest has executed at or after `cutoff` (seconds). */
export function markExecuted(fresh: Uint8Array, d: RunDigest, at: Int32Array, cutoff: number): void {
  for (let i = 0; i < d.size; i++) {
    if (at[i] >= 0 && (d.statuses[i] & ~FLAKY_BIT) !== UNTESTED && d.executedAt[i] >= cutoff) fresh[at[i]] = 1;
  }
}

const NO_MEDIAN = -2;

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
  /** Elapsed times, `cap` slots per test (the latest `cap` when a test has more), allocated at the first one. */
  private elapsed: Int32Array | undefined;
  private readonly elapsedCount: Uint16Array;
  private readonly medians: Int32Array;
  /** Per commit, per test: PASS | FAIL bits seen in that commit's runs. */
  private readonly commits = new Map<string, Uint8Array>();

  /**
   * `testIds` ascending: the tests to count (others in the digests are passed over); `runs`: how
   * many runs will be added (the elapsed times kept per test, at most 200).
   */
  constructor(
    private readonly testIds: Int32Array,
    runs: number,
  ) {
    const n = (this.n = testIds.length);
    this.cap = Math.max(1, Math.min(runs, 200));
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
    this.elapsedCount = new Uint16Array(n);
    this.medians = new Int32Array(n).fill(NO_MEDIAN);
  }

  private readonly cap: number;

  /** The counted tests' ids, ascending. */
  get ids(): Int32Array {
    return this.testIds;
  }

  /** Adds one run's results; runs must come oldest first. `at` is positionsIn(ids, d) when the caller has it. */
  add(run: WindowRun, d: RunDigest, at = positionsIn(this.testIds, d)): void {
    let commitSeen: Uint8Array | undefined;
    if (run.commit !== null) {
      commitSeen = this.commits.get(run.commit);
      if (!commitSeen) this.commits.set(run.commit, (commitSeen = new Uint8Array(this.n)));
    }
    const { statuses, executedAt, elapsedMs } = d;
    for (let i = 0; i < d.size; i++) {
      const t = at[i];
      if (t < 0) continue;
      const raw = statuses[i];
      const code = raw & ~FLAKY_BIT;
      if (code === UNTESTED) continue;
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
      const when = executedAt[i];
      this.lastStatus[t] = code;
      this.lastRun[t] = run.runId;
      this.lastAt[t] = when;
      if (o === FAIL) this.lastFailedAt[t] = when;
      const ms = elapsedMs[i];
      if (ms !== NO_ELAPSED) {
        const slots = (this.elapsed ??= new Int32Array(this.n * this.cap));
        slots[t * this.cap + (this.elapsedCount[t] % this.cap)] = ms;
        if (this.elapsedCount[t] < 0xffff) this.elapsedCount[t]++;
        this.medians[t] = NO_MEDIAN;
      }
    }
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
    return NAMES[this.executions[t] ? this.lastStatus[t] : UNTESTED];
  }
  lastExecutedAt(t: number): number {
    return this.lastAt[t];
  }
  /** The median elapsed time, worked out once per test (sorts compare it many times). */
  medianAt(t: number): number | null {
    if (this.medians[t] === NO_MEDIAN) this.medians[t] = percentile(this.elapsedOf(t), 0.5) ?? -1;
    return this.medians[t] < 0 ? null : this.medians[t];
  }
  isFlakyAt(t: number, minFlips: number): boolean {
    return this.flips[t] >= minFlips || this.sameCommit[t] === 1 || this.flakyInRun[t] === 1;
  }
  flakyReasonsAt(t: number, minFlips: number): FlakyReason[] {
    const reasons: FlakyReason[] = [];
    if (this.flips[t] >= minFlips) reasons.push('flips');
    if (this.sameCommit[t]) reasons.push('same_commit');
    if (this.flakyInRun[t]) reasons.push('flaky_in_run');
    return reasons;
  }

  private elapsedOf(t: number): Int32Array | undefined {
    if (!this.elapsed || this.elapsedCount[t] === 0) return undefined;
    return this.elapsed.subarray(t * this.cap, t * this.cap + Math.min(this.elapsedCount[t], this.cap));
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
      medianElapsedMs: this.medianAt(t),
      p95ElapsedMs: percentile(this.elapsedOf(t), 0.95),
      flaky: reasons.length > 0,
      flakyReasons: reasons,
    };
  }
}

const round = (x: number) => Math.round(x * 10000) / 10000;

/** The nearest-rank percentile of the values (null for none). */
export function percentile(values: Int32Array | undefined, p: number): number | null {
  if (!values?.length) return null;
  const sorted = values.slice().sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** The first `n` items by `compare`, as a sort would give them, without sorting them all (the dashboard's top 10 of 50,000). */
export function firstBy<T>(items: Iterable<T>, compare: (a: T, b: T) => number, n: number): T[] {
  const top: T[] = [];
  for (const item of items) {
    if (top.length === n && compare(item, top[n - 1]) >= 0) continue;
    let at = top.length;
    while (at > 0 && compare(item, top[at - 1]) < 0) at--;
    top.splice(at, 0, item);
    if (top.length > n) top.pop();
  }
  return top;
}
