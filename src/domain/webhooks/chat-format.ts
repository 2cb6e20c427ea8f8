import type { WebhookPayload } from './event-types';
import type { EventRun, ImportCompletedData, NewFailures, RunCompletedData, RunLockData } from './event-data';

// The messages a webhook of format `slack` or `teams` posts: a Slack incoming-webhook message
// (`text`, the notification's fallback, and Block Kit `blocks`) or a Teams message holding one
// Adaptive Card (what Teams workflows' "post a card" and incoming webhooks take). Chat hears of a
// run completed, a run locked and an import completed (CHAT_EVENT_TYPES, the only events a chat
// webhook may subscribe to) and of the `ping` of POST /webhook/test; other events: null. Made from the event's data alone (event-data.ts): no
// database read when a delivery is sent.

type ChatFormat = 'slack' | 'teams';

/** One message in terms both formats render: a title, a line under it, facts, a list, a link. */
interface Message {
  title: string;
  subtitle: string;
  facts: [string, string][];
  list?: { heading: string; items: string[] };
  footer?: string;
  link?: { label: string; url: string };
}

const SLACK_HEADER_MAX = 150;
const TITLE_MAX = 100;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
const runUrl = (publicUrl: string, projectId: number | null, runId: number) => `${base(publicUrl)}/projects/${projectId}/runs/${runId}`;

function countFacts(run: EventRun): [string, string][] {
  const c = run.statusCounts;
  return [
    ['Pass rate', `${run.passRate}% (${c.passed} of ${c.total})`],
    ['Passed', String(c.passed)],
    ['Failed', String(c.failed)],
    ['Blocked', String(c.blocked)],
    ['Retest', String(c.retest)],
    ['Untested', String(c.untested)],
  ];
}

function buildLine(run: EventRun): string | undefined {
  const b = run.build;
  if (!b) return undefined;
  const parts = [b.branch, b.commit && b.commit.slice(0, 12), b.buildNumber && `build ${b.buildNumber}`, b.ciJob].filter(Boolean);
  return parts.length ? `Build: ${parts.join(' · ')}` : undefined;
}

function failuresList(n: NewFailures | null): Message['list'] {
  if (!n || n.count === 0) return undefined;
  const more = n.count > n.tests.length ? [`and ${n.count - n.tests.length} more`] : [];
  return {
    heading: `New failures since ${n.baseRunName} (#${n.baseRunId}): ${n.count}`,
    items: [...n.tests.map((t) => `#${t.testId} ${cut(t.title, TITLE_MAX)} (${t.status})`), ...more],
  };
}

const by = (event: WebhookPayload) => (event.actor ? ` by ${event.actor.name}` : '');

function messageOf(event: WebhookPayload, publicUrl: string): Message | null {
  switch (event.type) {
    case 'run.completed': {
      const run = event.data as unknown as RunCompletedData;
      return {
        title: `Run completed: ${run.runName}`,
        subtitle: `${run.projectName} · no untested test left${by(event)}`,
        facts: countFacts(run),
        list: failuresList(run.newFailures),
        footer: buildLine(run),
        link: { label: 'Open the run', url: runUrl(publicUrl, event.projectId, run.runId) },
      };
    }
    case 'run.locked': {
      const run = event.data as unknown as RunLockData;
      return {
        title: `Run locked: ${run.runName}`,
        subtitle: `${run.projectName} · locked${by(event)}`,
        facts: countFacts(run),
        footer: buildLine(run),
        link: { label: 'Open the run', url: runUrl(publicUrl, event.projectId, run.runId) },
      };
    }
    case 'import.completed': {
      const d = event.data as unknown as ImportCompletedData;
      if (d.source === 'csv')
        return {
          title: `CSV import completed: ${d.testsCreated} tests created`,
          subtitle: `${d.projectName}${by(event)}`,
          facts: [
            ['Rows read', String(d.rowsRead)],
            ['Tests created', String(d.testsCreated)],
            ['Sections created', String(d.sectionsCreated)],
            ['Labels created', String(d.labelsCreated)],
          ],
          link: { label: 'Open the catalog', url: `${base(publicUrl)}/projects/${event.projectId}/catalog` },
        };
      return {
        title: `JUnit import completed: ${d.run.runName}`,
        subtitle: `${d.projectName} · ${d.newRun ? 'a new run' : 'into an existing run'}${by(event)}`,
        facts: [
          ['Results imported', String(d.tests.matched + d.tests.created)],
          ['Passed', String(d.results.passed)],
          ['Failed', String(d.results.failed)],
          ['Blocked', String(d.results.blocked)],
          ['Passed on retry', String(d.results.passedOnRetry)],
          ['Tests created', String(d.tests.created)],
          ['Unmatched', String(d.tests.unmatched + d.tests.unknown)],
          ['Run pass rate', `${d.run.passRate}% (${d.run.statusCounts.passed} of ${d.run.statusCounts.total})`],
        ],
        footer: buildLine(d.run),
        link: { label: 'Open the run', url: runUrl(publicUrl, event.projectId, d.run.runId) },
      };
    }
    case 'ping':
      return {
        title: 'Casebook webhook test',
        subtitle: 'This channel will hear of completed runs, locked runs and finished imports.',
        facts: [],
      };
    default:
      return null;
  }
}

/** Slack treats &, < and > as markup (`<!channel>` would notify everyone): escaped in mrkdwn. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slack(m: Message): object {
  const blocks: object[] = [
    { type: 'header', text: { type: 'plain_text', text: cut(m.title, SLACK_HEADER_MAX), emoji: true } },
    { type: 'section', text: { type: 'mrkdwn', text: esc(m.subtitle) } },
  ];
  // A section holds at most 10 fields.
  if (m.facts.length)
    blocks.push({
      type: 'section',
      fields: m.facts.slice(0, 10).map(([name, value]) => ({ type: 'mrkdwn', text: `*${esc(name)}*\n${esc(value)}` })),
    });
  if (m.list)
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: cut(`*${esc(m.list.heading)}*\n${m.list.items.map((i) => `• ${esc(i)}`).join('\n')}`, 3000) },
    });
  if (m.footer) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: esc(m.footer) }] });
  if (m.link)
    blocks.push({ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: m.link.label }, url: m.link.url }] });
  const summary = [m.title, ...m.facts.slice(0, 1).map(([name, value]) => `${name} ${value}`)].join(' · ');
  return { text: summary, blocks };
}

function teams(m: Message): object {
  const body: object[] = [
    { type: 'TextBlock', text: m.title, size: 'Medium', weight: 'Bolder', wrap: true },
    { type: 'TextBlock', text: m.subtitle, isSubtle: true, spacing: 'None', wrap: true },
  ];
  if (m.facts.length) body.push({ type: 'FactSet', facts: m.facts.map(([title, value]) => ({ title, value })) });
  if (m.list) {
    body.push({ type: 'TextBlock', text: m.list.heading, weight: 'Bolder', wrap: true });
    body.push({ type: 'TextBlock', text: m.list.items.map((i) => `- ${i}`).join('\n'), wrap: true });
  }
  if (m.footer) body.push({ type: 'TextBlock', text: m.footer, isSubtle: true, wrap: true });
  const card = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body,
    ...(m.link ? { actions: [{ type: 'Action.OpenUrl', title: m.link.label, url: m.link.url }] } : {}),
  };
  return {
    type: 'message',
    summary: m.title,
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
  };
}

/** The chat message for `event` in `format`, or null when chat is not told of this event. */
export function chatMessage(format: ChatFormat, event: WebhookPayload, publicUrl: string): object | null {
  const m = messageOf(event, publicUrl);
  if (!m) return null;
  return format === 'slack' ? slack(m) : teams(m);
}
