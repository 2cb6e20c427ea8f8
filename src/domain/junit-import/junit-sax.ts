import { SaxesParser, type SaxesTag } from 'saxes';
import { JUnitSyntaxError, type JUnitCase } from './junit-case';
import { casesOf, FLAKY, MAIN, RERUN, type OpenCase, type Result } from './junit-attempts';
import { idsFromPropertyValue, isIdProperty } from './junit-ids';
import { CappedText, capped } from './junit-text';
import { drainPendingText } from './saxes-pending';
import { addAttachmentPath, AttachmentLines, bothSinks, isAttachmentProperty } from './attachment-lines';

// Turns saxes events into JUnitCase values, one <testcase> at a time. Only the open testcase
// is held in memory, with its texts capped (junit-text.ts); a testcase's <system-out> is kept for
// its comment when it failed (a suite's system-out never).

type Sink = { add(text: string): void };

type Frame = {
  name: string;
  sink: Sink | null;
  /** A system-out / system-err of a testcase: its attachment lines, ended with the element. */
  lines?: AttachmentLines;
  result: Result | null;
  property: { name: string; value: string | undefined; text: CappedText } | null;
};

/** An open <testsuite>: its name and what its testcases inherit. */
type Suite = {
  name: string | null;
  /** The name, with " #n" for the nth suite of that name (and hostname) under the same parent, n >= 2. */
  keyName: string | null;
  file: string | null;
  hostname: string | null;
  project: string | null;
  /** It or an enclosing suite has a go.version property. */
  go: boolean;
  /** How many child suites of each name (and hostname) were opened in it so far. */
  children: Map<string, number>;
};

const isProjectProperty = (name: string) => ['project', 'browser'].includes(name.trim().toLowerCase());
const isDefectProperty = (name: string) => name.trim().toLowerCase() === 'defect';
const attr = (value: string | undefined) => value?.trim() || null;

export class JUnitCollector {
  private readonly sax = new SaxesParser({ position: true });
  private readonly stack: Frame[] = [];
  private readonly suites: Suite[] = [];
  /** Top-level suites of each name (and hostname) so far. */
  private readonly topSuites = new Map<string, number>();
  private testcases = 0;
  private current: OpenCase | null = null;
  private tagLine = 1;
  private rootSeen = false;
  private done: JUnitCase[] = [];
  /** Length of `done` before the latest closetag event, while no other event has followed it; else -1. */
  private doneBeforeClose = -1;

  constructor() {
    const sax = this.sax;
    sax.on('error', (err) => {
      // saxes reports a mismatched close tag after handing us the closetag of the element it
      // popped: a testcase "completed" that way is not a result.
      if (this.doneBeforeClose >= 0) this.done.length = this.doneBeforeClose;
      const message = err.message.replace(/^\d+:\d+: /, '');
      this.fail(`Malformed XML at line ${sax.line}, column ${Math.max(1, sax.column)}: ${message}`);
    });
    // A start tag whose name ends with a line break is reported on the next line (column 0).
    sax.on('opentagstart', () => {
      this.doneBeforeClose = -1;
      this.tagLine = sax.column === 0 ? sax.line - 1 : sax.line;
    });
    sax.on('opentag', (tag) => this.open(tag));
    sax.on('closetag', () => this.close());
    sax.on('cdata', (text) => {
      this.doneBeforeClose = -1;
      this.top()?.sink?.add(text);
    });
  }

  /** Feeds a piece of the document; completed cases are collected for take(). */
  write(text: string): void {
    this.sax.write(text);
    this.doneBeforeClose = -1;
    drainPendingText(this.sax, this.top()?.sink ?? null);
  }

  end(): void {
    if (!this.rootSeen) this.fail('Expected <testsuites> or <testsuite> as the root element; the document has none');
    this.sax.close();
  }

  /** Cases completed since the last call, in document order. */
  take(): JUnitCase[] {
    const out = this.done;
    this.done = [];
    return out;
  }

  private fail(message: string): never {
    throw new JUnitSyntaxError(message, this.sax.line, Math.max(1, this.sax.column));
  }

  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  private open(tag: SaxesTag): void {
    const attrs = tag.attributes as Record<string, string>;
    const parent = this.top();
    const frame: Frame = { name: tag.name, sink: parent?.sink ?? null, result: parent?.result ?? null, property: null };
    const tc = this.current;
    if (!parent) {
      if (tag.name !== 'testsuites' && tag.name !== 'testsuite') this.fail('Expected <testsuites> or <testsuite> as the root element');
      this.rootSeen = true;
    }
    if (!tc) {
      if (tag.name === 'testsuite') {
        const outer = this.suites[this.suites.length - 1];
        const name = attr(attrs.name);
        // jest-junit names each file's suite after its top describe: two files, two suites of one name.
        const siblings = outer?.children ?? this.topSuites;
        const sibling = `${name}\u0000${attr(attrs.hostname) ?? ''}`;
        const nth = name === null ? 1 : (siblings.get(sibling) ?? 0) + 1;
        if (name !== null) siblings.set(sibling, nth);
        this.suites.push({
          name,
          keyName: nth > 1 ? `${name} #${nth}` : name,
          children: new Map(),
          file: attr(attrs.file) ?? outer?.file ?? null,
          hostname: attr(attrs.hostname) ?? outer?.hostname ?? null,
          project: outer?.project ?? null,
          go: outer?.go ?? false,
        });
      } else if (tag.name === 'testcase' && parent) this.startCase(attrs);
      else if (tag.name === 'property' && parent?.name === 'properties' && this.suites.length > 0) {
        // A suite's property: only project / browser (Playwright, and others naming a target) and go.version are kept.
        frame.property = { name: attrs.name ?? '', value: attrs.value, text: new CappedText() };
        frame.sink = frame.property.text;
      }
    } else if (this.stack.length === tc.depth + 1) {
      this.openCaseChild(tc, tag.name, attrs, frame);
    } else if (frame.result && tag.name === 'system-err') {
      frame.result.systemErr ??= new CappedText();
      frame.lines = new AttachmentLines(tc.attachments);
      frame.sink = bothSinks(frame.result.systemErr, frame.lines);
    } else if (tag.name === 'system-out') {
      frame.sink = null;
    } else if (parent?.name === 'properties' && this.stack.length === tc.depth + 2 && tag.name === 'property') {
      frame.property = { name: attrs.name ?? '', value: attrs.value, text: new CappedText() };
      frame.sink = frame.property.text;
    }
    this.stack.push(frame);
    this.syncTextHandler();
  }

  private openCaseChild(tc: OpenCase, name: string, attrs: Record<string, string>, frame: Frame): void {
    const outcome = MAIN[name] ?? FLAKY[name] ?? RERUN[name];
    if (outcome) {
      const result: Result = {
        outcome,
        type: capped(attrs.type),
        message: capped(attrs.message),
        time: attrs.time,
        text: new CappedText(),
        systemErr: null,
      };
      if (FLAKY[name]) tc.before.push(result);
      else if (RERUN[name]) tc.after.push(result);
      else tc.mains.push(result);
      frame.result = result;
      frame.sink = result.text;
    } else if (name === 'system-err') {
      tc.systemErr ??= new CappedText();
      frame.lines = new AttachmentLines(tc.attachments);
      frame.sink = bothSinks(tc.systemErr, frame.lines);
    } else if (name === 'system-out') {
      tc.systemOut ??= new CappedText();
      frame.lines = new AttachmentLines(tc.attachments);
      frame.sink = bothSinks(tc.systemOut, frame.lines);
    } else if (name === 'property') {
      // jest/pytest-style: <property> directly inside <testcase>.
      frame.property = { name: attrs.name ?? '', value: attrs.value, text: new CappedText() };
      frame.sink = frame.property.text;
    }
  }

  private close(): void {
    this.doneBeforeClose = this.done.length;
    const frame = this.stack.pop();
    const tc = this.current;
    const property = frame?.property;
    frame?.lines?.end();
    if (property && tc && isIdProperty(property.name)) {
      idsFromPropertyValue(property.value ?? property.text.value(), tc.ids);
    } else if (property && tc && isDefectProperty(property.name)) {
      const value = attr(property.value ?? property.text.value());
      if (value !== null) tc.defects.push(value);
    } else if (property && tc && isAttachmentProperty(property.name)) {
      addAttachmentPath(tc.attachments, property.value ?? property.text.value());
    } else if (property && isProjectProperty(property.name)) {
      const value = attr(property.value ?? property.text.value());
      const suite = this.suites[this.suites.length - 1];
      if (tc) tc.project ??= value;
      else if (suite) suite.project ??= value;
    } else if (property && !tc && property.name.trim() === 'go.version') {
      const suite = this.suites[this.suites.length - 1];
      if (suite) suite.go = true;
    }
    if (tc && this.stack.length === tc.depth) {
      this.finishCase(tc);
      this.current = null;
    } else if (!tc && frame?.name === 'testsuite') {
      this.suites.pop();
    }
    this.syncTextHandler();
  }

  // saxes buffers a whole text run before handing it over; with no handler it keeps nothing,
  // so the handler is only set while inside an element whose text we keep.
  private syncTextHandler(): void {
    const sink = this.top()?.sink;
    if (sink) this.sax.on('text', (text) => sink.add(text));
    else this.sax.off('text');
  }

  private startCase(attrs: Record<string, string>): void {
    const suite = this.suites[this.suites.length - 1];
    this.current = {
      name: (attrs.name ?? '').trim(),
      classname: (attrs.classname ?? attrs.class ?? '').trim() || null,
      suites: this.suites.map((s) => s.name).filter((s): s is string => s !== null),
      suiteKeys: this.suites.map((s) => s.keyName).filter((s): s is string => s !== null),
      file: attr(attrs.file) ?? suite?.file ?? null,
      hostname: suite?.hostname ?? null,
      project: null,
      go: suite?.go ?? false,
      line: this.tagLine,
      time: attrs.time,
      ids: [],
      defects: [],
      attachments: [],
      depth: this.stack.length,
      testcase: this.testcases++,
      mains: [],
      before: [],
      after: [],
      systemOut: null,
      systemErr: null,
    };
  }

  private finishCase(tc: OpenCase): void {
    tc.project ??= this.suites[this.suites.length - 1]?.project ?? null;
    this.done.push(...casesOf(tc));
  }
}
