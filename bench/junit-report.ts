// The generated JUnit reports of bench/junit.ts: suites area/module > class as
// Surefire-like producers write them, failures with stack traces, skips, reruns.

const AREAS = ['checkout', 'catalog', 'accounts', 'search', 'payments', 'shipping', 'reviews', 'admin'];
const STACK = Array.from(
  { length: 12 },
  (_, i) => `\tat com.example.service.internal.Handler${i}.invoke(Handler${i}.java:${100 + i * 7})`,
).join('\n');

const failure = (i: number) =>
  `>\n    <failure message="expected status 200 but was 500 for request ${i}" type="org.opentest4j.AssertionFailedError">` +
  `org.opentest4j.AssertionFailedError: expected: &lt;200&gt; but was: &lt;500&gt;\n${STACK}\n</failure>\n  </testcase>\n`;
// A flaky first attempt, as Surefire writes a rerun that passed: a flakyFailure (a timeout, with a short
// trace) inside the passing testcase. Only rerun elements are attempts; a testcase repeated is a repetition.
const flaky = (i: number) =>
  `>\n    <flakyFailure message="timed out after 5000 ms" type="java.util.concurrent.TimeoutException">` +
  `<stackTrace>java.util.concurrent.TimeoutException: request ${i}\n${STACK.split('\n').slice(0, 2).join('\n')}</stackTrace>` +
  `</flakyFailure>\n  </testcase>\n`;

/**
 * A report of `tests` tests in 50-test classes; `reruns` of them, evenly spread,
 * time out once and pass on their rerun (a flakyFailure in the testcase); of the
 * others every `failEvery`th (17th by default) fails with a stack trace and every
 * 29th is skipped.
 */
export function junitReport(tests: number, reruns: number, failEvery = 17): { xml: Buffer; testcases: number } {
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="bench">\n'];
  const rerunEvery = reruns > 0 ? Math.floor(tests / reruns) : 0;
  let testcases = 0;
  let i = 0;
  for (let cls = 0; i < tests; cls++) {
    const area = AREAS[cls % AREAS.length];
    const module = `module${Math.floor(cls / AREAS.length) % 12}`;
    const className = `com.example.${area}.${module}.Service${cls}Test`;
    parts.push(`<testsuite name="${area}/${module}">\n<testsuite name="Service${cls}Test" tests="50">\n`);
    for (let k = 0; k < 50 && i < tests; k++, i++) {
      const open =
        `  <testcase classname="${className}" name="handles request ${i} with a valid payload and answers 200 with the stored record" ` +
        `file="src/test/java/com/example/${area}/${module}/Service${cls}Test.java" time="0.${String(i % 1000).padStart(3, '0')}"`;
      if (rerunEvery > 0 && i % rerunEvery === 0) {
        parts.push(open + flaky(i));
        testcases += 1;
      } else if (i % failEvery === 5) {
        parts.push(open + failure(i));
        testcases += 1;
      } else if (i % 29 === 7) {
        parts.push(`${open}>\n    <skipped message="needs the payment sandbox"/>\n  </testcase>\n`);
        testcases += 1;
      } else {
        parts.push(`${open}/>\n`);
        testcases += 1;
      }
    }
    parts.push('</testsuite>\n</testsuite>\n');
  }
  parts.push('</testsuites>\n');
  return { xml: Buffer.from(parts.join('')), testcases };
}
