import fs from 'node:fs';
import type { CliIo } from './cli-io';
import { sendRetrying } from './rate-limit-wait';
import type { z } from '../core/schemas';
import type { runComparison } from '../domain/insight/insight.schemas';

// The CI quality gate of `casebook import junit`: after the import, the run is compared with its
// base (GET /run/compare); --fail-on failures | new-failures makes the step fail (exit 1) when the
// run has failed or blocked results (or ones that passed in the base), and --summary writes the
// comparison as Markdown (for $GITHUB_STEP_SUMMARY).

export const FAIL_ON = ['none', 'failures', 'new-failures'] as const;
export type FailOn = (typeof FAIL_ON)[number];

type Comparison = z.infer<typeof runComparison>;
interface Where {
  base: string;
  token: string;
  projectId: string;
  runId: number;
}

async function read<T>(io: CliIo, where: Where, path: string, query: Record<string, string | number>): Promise<T> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const url = `${where.base}/api/v1${path}?${search.toString()}`;
  const res = await sendRetrying(io, () => fetch(url, { headers: { Authorization: `Bearer ${where.token}`, Accept: 'application/json' } }));
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { data: T }).data;
}

const LABELS: [keyof Comparison['totals'], string][] = [
  ['new_failure', 'New failures'],
  ['fixed', 'Fixed'],
  ['still_failing', 'Still failing'],
  ['flaky_in_run', 'Flaky in the run'],
  ['added', 'Added'],
  ['removed', 'Removed'],
];

/** The comparison in a line for a CI log. */
export function comparisonLine(c: Comparison): string {
  const against = c.base ? `compared with run ${c.base.runId} (${c.base.runName})` : 'no earlier run to compare with';
  return `${against}: ${LABELS.map(([k, label]) => `${c.totals[k]} ${label.toLowerCase()}`).join(', ')}`;
}

/** The comparison as Markdown: the counts, and the failure groups (new ones first). */
export function comparisonMarkdown(c: Comparison, failed: number, runUrl: string): string {
  const md = [
    `### Casebook: ${c.run.runName}`,
    '',
    `[Run ${c.run.runId}](${runUrl}): ${failed} failed or blocked. ${c.base ? `Compared with run ${c.base.runId} (${c.base.runName}).` : 'No earlier run to compare with.'}`,
    '',
  ];
  md.push('| | Tests |', '|---|---:|', ...LABELS.map(([k, label]) => `| ${label} | ${c.totals[k]} |`), '');
  const groups = [...c.failureGroups].sort((a, b) => Number(b.new) - Number(a.new));
  if (groups.length) {
    md.push('#### Failures by message', '');
    for (const g of groups)
      md.push(`- ${g.new ? '**new** ' : ''}\`${g.signature.replace(/`/g, "'")}\`: ${g.count} test${g.count === 1 ? '' : 's'}`);
    md.push('');
  }
  return md.join('\n') + '\n';
}

/** Compares the imported run, says so on stderr, writes the summary; answers 1 when the gate fails. */
export async function qualityGate(where: Where, failOn: FailOn, summaryFile: string | undefined, io: CliIo): Promise<number> {
  const [c, state] = await Promise.all([
    read<Comparison>(io, where, '/run/compare', { projectId: where.projectId, runId: where.runId }),
    read<{ failed: number; blocked: number }>(io, where, '/run/state-detail', { projectId: where.projectId, runId: where.runId }),
  ]);
  const failed = state.failed + state.blocked;
  io.stderr.write(`${comparisonLine(c)}\n`);
  for (const g of c.failureGroups.filter((x) => x.new)) io.stderr.write(`new failure: ${g.signature} (${g.count})\n`);
  if (summaryFile) {
    fs.appendFileSync(summaryFile, comparisonMarkdown(c, failed, `${where.base}/projects/${where.projectId}/runs/${where.runId}`));
  }
  // Without an earlier run every failure is new.
  const newFailures = c.base ? c.totals.new_failure : failed;
  if (failOn === 'failures' && failed > 0) {
    io.stderr.write(`casebook: --fail-on failures: ${failed} failed or blocked\n`);
    return 1;
  }
  if (failOn === 'new-failures' && newFailures > 0) {
    io.stderr.write(`casebook: --fail-on new-failures: ${newFailures} new failure${newFailures === 1 ? '' : 's'}\n`);
    return 1;
  }
  return 0;
}
