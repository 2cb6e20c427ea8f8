/**
 * An assistant's session without a language model: `npm run bench:assistant` (issue 29, "Measured").
 *
 * Seeds one project (bench/assistant/seed.ts), starts the real server on it, connects the MCP
 * SDK's client to `casebook mcp` over stdio (`--http`: to the server's /mcp), and does the jobs of
 * bench/assistant/jobs.ts as scripted calls. Prints the size of tools/list and, per job, the calls
 * made and the characters exchanged (arguments' JSON + answers' text), each against its target.
 * `--variant before` (the default) names every tool set, as the tools it calls are no longer all in
 * the default list; `--variant after` runs the jobs' after versions with the default tool list.
 */
import { ASK, jobs, junitXml, sessionStart, TARGET_CHARS, TARGET_LIST_CHARS, type Job } from './assistant/jobs';
import { PROJECT_NAME, RUNS, SECTIONS, TESTS, seedHistory, seedStructure, type Seeded } from './assistant/seed';
import {
  connectHttp,
  connectStdio,
  recorder,
  type CallRecord,
  type JobContext,
  type McpConnection,
  type Unsaid,
} from './assistant/session';
import { benchSettings, runBench } from './support';

const bench = benchSettings('casebook_bench_assistant', 3962);
const variantArg = process.argv.indexOf('--variant');
const variant = variantArg >= 0 ? process.argv[variantArg + 1] : 'before';
const http = process.argv.includes('--http');
if (
  (variant !== 'before' && variant !== 'after') ||
  process.argv.slice(2).some((a) => a.startsWith('--') && !['--variant', '--http'].includes(a))
) {
  console.error('usage: npm run bench:assistant -- [--variant before|after] [--http]');
  process.exit(2);
}
const transport = http ? "the app's /mcp (Streamable HTTP)" : '`casebook mcp` over stdio';

const n = (x: number) => x.toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const sum = (records: CallRecord[], key: keyof Omit<CallRecord, 'tool'>) => records.reduce((s, r) => s + r[key], 0);

interface Measured {
  index: number;
  job: Job;
  records: CallRecord[];
  found: string;
}

function contextFor(mcp: McpConnection, ids: { projectId: number; orgId: number }, xml: string, unsaid: Unsaid) {
  const r = recorder(mcp.client, unsaid);
  const ctx: JobContext = { call: r.call, data: r.data, projectName: PROJECT_NAME, ...ids, junitXml: xml };
  return { ctx, records: r.records };
}

/**
 * What makes today's tools answer as those the before variant was measured with (5c74ed7), sent
 * uncounted: list tools had no `fields` and answered whole rows, get-milestone-progress listed 200 failed results.
 */
function asBefore(tools: { name: string; inputSchema: { properties?: Record<string, unknown> } }[]): Unsaid {
  const unsaid = new Map<string, Record<string, unknown>>(
    tools.filter((t) => t.inputSchema.properties?.fields).map((t) => [t.name, { fields: ['*'] }]),
  );
  unsaid.set('get-milestone-progress', { failedLimit: 200 });
  return unsaid;
}

async function measure(seeded: Seeded) {
  const started = performance.now();
  await seedHistory(bench.base, bench.databaseUrl, seeded);
  console.log(`seeded through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The before variant calls tools since merged out of the default list: it names every set. The after one gets the default.
  const mcp = await (http ? connectHttp : connectStdio)(bench.base, seeded.token, variant === 'before' ? 'all' : undefined);
  try {
    const list = await mcp.client.listTools();
    const unsaid = variant === 'before' ? asBefore(list.tools) : new Map();
    const listChars = JSON.stringify(list).length;
    // The server's instructions reach the model with the tool list, at initialize.
    const instructionChars = mcp.client.getInstructions()?.length ?? 0;
    const xml = junitXml();

    const start = contextFor(mcp, { projectId: 0, orgId: 0 }, xml, unsaid);
    const startAfter = variant === 'after' && sessionStart.after;
    const findProject = startAfter || sessionStart.before;
    const ids = await findProject(start.ctx);

    // Reads first, writes after: what the write jobs add is then not among "what changed since yesterday".
    const order = jobs.map((job, index) => ({ job, index })).sort((a, b) => Number(!!a.job.writes) - Number(!!b.job.writes));
    const measured: Measured[] = [];
    const missing: { index: number; line: string }[] = [];
    for (const { job, index } of order) {
      const run = variant === 'after' ? job.after : job.before;
      if (!run) {
        missing.push({ index, line: `${index + 1} ${job.title} (to use: ${job.afterTools})` });
        continue;
      }
      const { ctx, records } = contextFor(mcp, ids, xml, unsaid);
      const found = await run(ctx);
      measured.push({ index, job, records, found });
    }
    measured.sort((a, b) => a.index - b.index);
    missing.sort((a, b) => a.index - b.index);
    const startedBy = variant === 'after' && !startAfter ? "before's way, no after written" : 'once, not in the jobs';
    report(
      { listChars, toolCount: list.tools.length, instructionChars },
      { records: start.records, by: startedBy },
      measured,
      missing.map((m) => m.line),
      xml.length,
    );
  } finally {
    await mcp.close();
  }
}

function report(
  { listChars, toolCount, instructionChars }: { listChars: number; toolCount: number; instructionChars: number },
  start: { records: CallRecord[]; by: string },
  measured: Measured[],
  missing: string[],
  xmlChars: number,
) {
  const out = console.log;
  const list = variant === 'before' ? 'every tool set (toolsets=all)' : 'default tool list';
  out(`\nAssistant bench, variant "${variant}": MCP SDK client on ${transport}, ${list}, one seeded project`);
  out(
    `(${PROJECT_NAME}: ${TESTS} tests in ${SECTIONS} sections, ${RUNS} nightly runs, milestone "${ASK.milestone}", today's changes by two members).`,
  );
  out('chars = JSON of the call arguments + text of the answers (what a model reads and writes); struct = structuredContent, apart.\n');
  out(
    `tools/list: ${toolCount} tools, ${n(listChars)} chars (JSON.stringify of the listTools result)   target < ${n(TARGET_LIST_CHARS)}: ${verdict(listChars < TARGET_LIST_CHARS)}`,
  );
  out(`initialize instructions: ${n(instructionChars)} chars (read with the tool list; not in the target)`);
  out(
    `session start (find the project; ${start.by}): ${start.records.length} calls, ` +
      `${n(sum(start.records, 'argChars') + sum(start.records, 'answerChars'))} chars (${start.records.map((r) => r.tool).join(', ')})\n`,
  );
  const head = ['#', 'job', 'calls', 'args', 'answers', 'chars', 'struct', 'calls target', `chars ≤ ${n(TARGET_CHARS)}`, 'found'];
  const rows = measured.map(({ index, job, records, found }) => {
    const chars = sum(records, 'argChars') + sum(records, 'answerChars');
    return [
      String(index + 1),
      job.title,
      String(records.length),
      n(sum(records, 'argChars')),
      n(sum(records, 'answerChars')),
      n(chars),
      n(sum(records, 'structuredChars')),
      `${verdict(records.length <= job.maxCalls)} (≤ ${job.maxCalls})`,
      verdict(chars <= TARGET_CHARS),
      found,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  out(line(head));
  for (const r of rows) out(line(r));
  const passed = measured.filter(
    ({ job, records }) => records.length <= job.maxCalls && sum(records, 'argChars') + sum(records, 'answerChars') <= TARGET_CHARS,
  );
  out(
    `\njobs meeting both targets: ${passed.length} of ${measured.length}; the JUnit report sent by job 5 is ${n(xmlChars)} chars of its arguments.`,
  );
  for (const { index, job } of measured) if (job.note && variant === 'before') out(`job ${index + 1}: ${job.note}`);
  if (missing.length) out(`\nnot written for this variant:\n  ${missing.join('\n  ')}`);

  out('\ncalls per job (tool: argument chars + answer chars):');
  for (const { index, records } of measured) {
    out(`  ${index + 1}. ${records.map((r) => `${r.tool}: ${n(r.argChars)} + ${n(r.answerChars)}`).join(' → ')}`);
  }
}

runBench({ settings: bench, seed: seedStructure, measure });
