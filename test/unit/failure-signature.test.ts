import { failureSignature, firstLine } from '../../src/domain/insight/failure-signature';

// Failure messages grouped by what they say: the values they carry are replaced.

describe('failure signatures', () => {
  it('replaces numbers, hex, UUIDs, timestamps, paths and quoted values', () => {
    expect(failureSignature('AssertionError: expected 3 items, got 4')).toBe('AssertionError: expected <n> items, got <n>');
    expect(failureSignature('AssertionError: expected 5 items, got 0\n    at cart.test.ts:41:7')).toBe(
      'AssertionError: expected <n> items, got <n>',
    );
    expect(failureSignature('order 3f2b6c1e-9d4a-4b7e-8c21-0a1b2c3d4e5f not found at 2026-11-27T03:21:09.123Z')).toBe(
      'order <uuid> not found at <time>',
    );
    expect(failureSignature('Timeout 30000ms exceeded at 12:01:33 waiting for "#checkout > button"')).toBe(
      'Timeout <n>ms exceeded at <time> waiting for <value>',
    );
    expect(failureSignature("ENOENT: no such file, open '/tmp/run-42/report.json'")).toBe('ENOENT: no such file, open <value>');
    expect(failureSignature('Error in /builds/acme/shop/src/cart.ts:41:7 and C:\\agent\\work\\cart.cs')).toBe('Error in <path> and <path>');
    expect(failureSignature('segfault at 0x7ffd5e8c and object deadbeef42')).toBe('segfault at <hex> and object <hex>');
  });

  it('takes the first non-empty line, collapses spaces, and keeps words that only look like hex', () => {
    expect(firstLine('\n\n  first line  \nsecond')).toBe('first line');
    expect(failureSignature('  expected   value\tto be   defined ')).toBe('expected value to be defined');
    expect(failureSignature('feedface decade added')).toBe('feedface decade added');
    expect(failureSignature('')).toBe('');
  });
});
