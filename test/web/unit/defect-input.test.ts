import { addDefect, MAX_DEFECTS } from '../../../web/src/features/runs/defect-input';
import { parsePending, takeBatch } from '../../../web/src/features/runs/pending-results';

// The execute screen's `d` box, and defects on their way through the outbox.

it('adds an id (unlinked until the server links it) or a link to the result’s defects', () => {
  const shop = { id: 'SHOP-1', url: 'https://acme.atlassian.net/browse/SHOP-1' };
  expect(addDefect([shop], ' #45 ')).toEqual({ defects: [shop, { id: '#45', url: null }] });
  expect(addDefect([], 'https://bugs.example/9')).toEqual({ defects: [{ id: 'https://bugs.example/9', url: 'https://bugs.example/9' }] });
});

it('says why a text is no defect, a duplicate or one too many', () => {
  const error = (current: { id: string; url: null }[], text: string) => {
    const r = addDefect(current, text);
    return 'error' in r ? r.error : null;
  };
  expect(error([], '  ')).toMatch(/^Type a defect id/);
  expect(error([], 'two words')).toMatch(/^A defect is an id/);
  expect(error([], 'javascript:alert(1)')).toMatch(/^A defect is an id/);
  expect(error([], `X-${'1'.repeat(200)}`)).toBe('A defect is at most 200 characters.');
  expect(error([{ id: 'SHOP-1', url: null }], 'SHOP-1')).toBe('SHOP-1 is already linked to this result.');
  const full = Array.from({ length: MAX_DEFECTS }, (_, i) => ({ id: `X-${i}`, url: null }));
  expect(error(full, 'SHOP-2')).toBe('A result links to at most 20 defects.');
});

it('keeps a mark’s defects in storage and in its batch; a mark without any carries none', () => {
  const stored = JSON.stringify([
    { projectId: 1, runId: 2, testId: 3, status: 'failed', comment: null, defects: [{ id: 'SHOP-1', url: null }, { bad: 1 }] },
    { projectId: 1, runId: 2, testId: 4, status: 'passed', comment: null },
  ]);
  const list = parsePending(stored);
  expect(list.map((r) => r.defects)).toEqual([[{ id: 'SHOP-1', url: null }], undefined]);
  expect(takeBatch(list, 'k')!.batch.results).toEqual([
    { testId: 3, status: 'failed', comment: null, defects: [{ id: 'SHOP-1', url: null }] },
    { testId: 4, status: 'passed', comment: null },
  ]);
});
