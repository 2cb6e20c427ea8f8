import type { JUnitCase } from './junit-case';
import { JUnitCollector } from './junit-sax';

export { JUnitSyntaxError, type JUnitCase, type JUnitOutcome } from './junit-case';

// Streaming JUnit XML reader: feeds the source to saxes piece by piece and yields each
// testcase (or each attempt of a retried one) as soon as its element closes. Memory is bounded
// by one testcase, whatever the size of the report.
//
// Accepted: a <testsuites> or <testsuite> root, suites nested in suites, and the dialects of
// jest-junit, pytest (xunit1/xunit2), Maven Surefire (flaky/rerun attempts), Playwright, gotestsum
// and PHPUnit (fixtures in test/fixtures/junit/). The bytes are read as UTF-8 whatever the XML
// declaration says (every producer above writes UTF-8); invalid sequences become U+FFFD.
// Malformed XML throws JUnitSyntaxError, also after cases were already yielded: a consumer must
// discard what it received when the iteration throws.

const SLICE = 64 * 1024;

type Source = AsyncIterable<Buffer | Uint8Array | string> | Buffer;

async function* pieces(source: Source): AsyncGenerator<Uint8Array | string> {
  if (source instanceof Uint8Array) {
    for (let i = 0; i < source.length; i += SLICE) yield source.subarray(i, i + SLICE);
    return;
  }
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      for (let i = 0; i < chunk.length; i += SLICE) yield chunk.slice(i, i + SLICE);
    } else {
      for (let i = 0; i < chunk.length; i += SLICE) yield chunk.subarray(i, i + SLICE);
    }
  }
}

export async function* parseJUnit(source: Source): AsyncGenerator<JUnitCase> {
  const collector = new JUnitCollector();
  // Stream mode keeps a multi-byte character split across chunks whole; a leading BOM is dropped.
  const decoder = new TextDecoder('utf-8');
  let first = true;
  const feed = (text: string) => {
    if (first && text.length > 0) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text.length > 0) collector.write(text);
  };
  // Cases completed before a syntax error still come out, in order, then the error.
  let failure: Error | undefined;
  const guarded = (step: () => void) => {
    try {
      step();
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
  };
  for await (const piece of pieces(source)) {
    // A string piece ends any byte sequence left open before it.
    guarded(() => feed(typeof piece === 'string' ? decoder.decode() + piece : decoder.decode(piece, { stream: true })));
    yield* collector.take();
    if (failure !== undefined) throw failure;
  }
  guarded(() => {
    feed(decoder.decode());
    collector.end();
  });
  yield* collector.take();
  if (failure !== undefined) throw failure;
}
