import type { Request } from 'express';
import { ParsedQueries } from '../../src/http/parsed-queries';

const req = (url: string) => ({ url }) as Request;

describe('parsed queries kept by their text', () => {
  it('gives a kept parse back per route and query string, each time a copy of its own', () => {
    const queries = new ParsedQueries();
    queries.keep('/run/tests', req('/run/tests?runId=1&limit=100'), { runId: 1, limit: 100 });
    const first = queries.known('/run/tests', req('/run/tests?runId=1&limit=100'));
    expect(first).toEqual({ success: true, data: { runId: 1, limit: 100 } });
    first!.data.limit = 5;
    expect(queries.known('/run/tests', req('/run/tests?runId=1&limit=100'))!.data.limit).toBe(100);
    // Another query string, or the same one on another route, is not known.
    expect(queries.known('/run/tests', req('/run/tests?runId=1&limit=50'))).toBeUndefined();
    expect(queries.known('/run/test-status', req('/run/test-status?runId=1&limit=100'))).toBeUndefined();
  });

  it('keeps no parse holding an object or array (a copy would share it), nor a long query', () => {
    const queries = new ParsedQueries();
    queries.keep('/tests', req('/tests?ids=1,2'), { ids: [1, 2] });
    expect(queries.known('/tests', req('/tests?ids=1,2'))).toBeUndefined();
    const long = `/tests?search=${'x'.repeat(400)}`;
    queries.keep('/tests', req(long), { search: 'x'.repeat(400) });
    expect(queries.known('/tests', req(long))).toBeUndefined();
  });
});
