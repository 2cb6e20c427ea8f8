import { COUNTER_KINDS } from '../../src/core/changes';
import { apiRoutes } from '../../src/domain/routes';

// Every write route of the route table says what it changes (src/core/changes.ts):
// the counters the router moves in its transactions, or that no GET shows what it
// writes, with the reason. A route that says neither would leave the ETags and kept
// answers of what it changes standing (test/http/write-versions.test.ts drives each
// one and sees them move).

const label = (r: (typeof apiRoutes)[number]) => `${r.method.toUpperCase()} ${r.path}`;
const writes = apiRoutes.filter((r) => r.method !== 'get');

describe('the route table', () => {
  it('has write routes to check', () => {
    expect(writes.length).toBeGreaterThan(25);
  });

  it.each(writes.map((r) => [label(r), r] as const))('%s declares what it changes, or that no GET shows it', (_label, route) => {
    const changes = (route.changes ?? {}) as Record<string, unknown>;
    const { nothing, ...counters } = changes;
    const kinds = Object.keys(counters);
    if (nothing !== undefined) {
      // Nothing visible: a reason a reader can check, and no counter beside it.
      expect(typeof nothing === 'string' && nothing.trim().length > 10).toBe(true);
      expect(kinds).toEqual([]);
      return;
    }
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) {
      expect(COUNTER_KINDS).toContain(kind);
      // A counter the router moves names its records from the input; the audit log's moves with its entries.
      expect(typeof counters[kind]).toBe(kind === 'audit' ? 'boolean' : 'function');
      if (kind === 'audit') expect(counters[kind]).toBe(true);
    }
  });

  it('declares no change on a GET: a read moves no counter', () => {
    const reads = apiRoutes.filter((r) => r.method === 'get');
    expect(reads.filter((r) => r.changes !== undefined).map(label)).toEqual([]);
  });
});
