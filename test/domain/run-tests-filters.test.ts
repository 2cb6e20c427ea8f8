import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createLabel, createSection, createTests, labelTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// GET /run/tests narrowed by a search (title, section path or id), a section with its
// subsections and a label, on top of the status filter: the total counts what matches, pages page it,
// and a locked run is searched as it shows its tests (its snapshot).

let t: TestApp;
let w: World;
let ids: { login: number[]; cards: number[]; wallets: number[]; loose: number[] };
let sections: { checkout: number; cards: number; wallets: number; login: number };
let q: { runId: number; projectId: number };

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const projectId = w.projectA.projectId;
  const checkout = await createSection(t.db, projectId, 'Checkout');
  const cards = await createSection(t.db, projectId, 'Cards', checkout.sectionId);
  const wallets = await createSection(t.db, projectId, 'Wallets', checkout.sectionId);
  const login = await createSection(t.db, projectId, 'Login');
  sections = { checkout: checkout.sectionId, cards: cards.sectionId, wallets: wallets.sectionId, login: login.sectionId };
  ids = {
    login: await createTests(t.db, projectId, 3, () => ({ sectionId: login.sectionId }), 'Sign in with password'),
    cards: await createTests(t.db, projectId, 4, () => ({ sectionId: cards.sectionId }), 'Pay by VISA'),
    wallets: await createTests(t.db, projectId, 2, () => ({ sectionId: wallets.sectionId }), 'Pay with 100% discount'),
    loose: await createTests(t.db, projectId, 1, () => ({}), 'No section'),
  };
  const run = await startRun(t, w.user.token, projectId, [...ids.login, ...ids.cards, ...ids.wallets, ...ids.loose]);
  q = { runId: run.runId, projectId };
  await t
    .as(w.user.token)
    .put('/run/update-test-status', {
      ...q,
      testResults: [ids.cards[0], ids.cards[2], ids.login[1]].map((testId) => ({ testId, status: 'failed' })),
    })
    .expect(200);
});
afterAll(() => t.close());

const list = async (query: Record<string, unknown>) => {
  const res = await t
    .as(w.reader.token)
    .get('/run/tests', { ...q, ...query })
    .expect(200);
  return { ids: res.body.data.tests.map((x: { testId: number }) => x.testId) as number[], total: res.body.data.total as number };
};

describe('GET /run/tests filters', () => {
  it('searches titles in any case, section paths at any depth, and ids', async () => {
    expect(await list({ search: 'visa' })).toEqual({ ids: ids.cards, total: 4 });
    // A parent section's name finds the tests of its subsections.
    expect(await list({ search: 'checkout' })).toEqual({ ids: [...ids.cards, ...ids.wallets], total: 6 });
    expect(await list({ search: 'Checkout > Wal' })).toEqual({ ids: ids.wallets, total: 2 });
    expect(await list({ search: `#${ids.loose[0]}` })).toEqual({ ids: ids.loose, total: 1 });
    // A bare number is an id too, beside the titles and paths that hold it.
    expect((await list({ search: String(ids.login[2]) })).ids).toContain(ids.login[2]);
    // LIKE's wildcards are plain characters.
    expect(await list({ search: '100%' })).toEqual({ ids: ids.wallets, total: 2 });
    expect(await list({ search: '_' })).toEqual({ ids: [], total: 0 });
    // An empty search (a cleared box) is no search.
    expect((await list({ search: '' })).total).toBe(10);
  });

  it('narrows to a section with its subsections, with the status and search too, and pages what matches', async () => {
    expect(await list({ sectionId: sections.checkout })).toEqual({ ids: [...ids.cards, ...ids.wallets], total: 6 });
    expect(await list({ sectionId: sections.wallets })).toEqual({ ids: ids.wallets, total: 2 });
    expect(await list({ sectionId: sections.checkout, status: 'failed' })).toEqual({ ids: [ids.cards[0], ids.cards[2]], total: 2 });
    expect(await list({ search: 'pay', status: 'untested', sectionId: sections.cards })).toEqual({
      ids: [ids.cards[1], ids.cards[3]],
      total: 2,
    });
    const first = await t
      .as(w.reader.token)
      .get('/run/tests', { ...q, search: 'pay', limit: 4 })
      .expect(200);
    expect(first.body.data).toMatchObject({ total: 6, limit: 4, offset: 0 });
    expect(first.body.data.tests.map((x: { testId: number }) => x.testId)).toEqual([...ids.cards]);
    const second = await list({ search: 'pay', limit: 4, cursor: first.body.data.nextCursor });
    expect(second).toEqual({ ids: ids.wallets, total: 6 });
    // GET /run/test-status takes the same filters.
    const byStatus = await t
      .as(w.reader.token)
      .get('/run/test-status', { ...q, status: 'failed', search: 'sign' })
      .expect(200);
    expect(byStatus.body.data.tests.map((x: { testId: number }) => x.testId)).toEqual([ids.login[1]]);
  });

  it('narrows to the tests with a label, with the status and section too', async () => {
    const projectId = w.projectA.projectId;
    const payments = await createLabel(t.db, projectId, 'payments');
    await labelTests(t.db, payments.labelId, [ids.cards[0], ids.cards[1], ids.wallets[0], ids.login[1]]);
    expect(await list({ labelId: payments.labelId })).toEqual({
      ids: [ids.login[1], ids.cards[0], ids.cards[1], ids.wallets[0]],
      total: 4,
    });
    expect(await list({ labelId: payments.labelId, sectionId: sections.checkout, status: 'untested' })).toEqual({
      ids: [ids.cards[1], ids.wallets[0]],
      total: 2,
    });
    const unused = await createLabel(t.db, projectId, 'unused');
    expect(await list({ labelId: unused.labelId })).toEqual({ ids: [], total: 0 });
  });

  it("finds nothing by another project's section", async () => {
    const other = await createProject(t.db, w.orgA.orgId);
    const foreign = await createSection(t.db, other.projectId, 'Checkout');
    expect(await list({ sectionId: foreign.sectionId })).toEqual({ ids: [], total: 0 });
  });

  it('searches a locked run as it shows its tests: titles and sections at lock time', async () => {
    const projectId = w.projectA.projectId;
    const section = await createSection(t.db, projectId, 'Frozen');
    const [test] = await createTests(t.db, projectId, 1, () => ({ sectionId: section.sectionId }), 'Old title');
    const run = await startRun(t, w.user.token, projectId, [test]);
    const locked = { runId: run.runId, projectId };
    await t.as(w.user.token).put('/run/lock', locked).expect(200);
    await t.db.test.update({ where: { testId: test }, data: { title: 'New title', sectionId: null } });
    await t.db.section.update({ where: { sectionId: section.sectionId }, data: { sectionName: 'Renamed' } });
    const found = (query: Record<string, unknown>) => list({ ...locked, ...query });
    expect(await found({ search: 'old title' })).toEqual({ ids: [test], total: 1 });
    expect(await found({ search: 'new title' })).toEqual({ ids: [], total: 0 });
    expect(await found({ search: 'frozen' })).toEqual({ ids: [test], total: 1 });
    expect(await found({ sectionId: section.sectionId })).toEqual({ ids: [test], total: 1 });
  });

  it('refuses a search too long or a section that is not an id, with 400 naming the field', async () => {
    const long = await t
      .as(w.reader.token)
      .get('/run/tests', { ...q, search: 'x'.repeat(201) })
      .expect(400);
    expect(long.body).toEqual({ error: 'Invalid request: search: At most 200 characters', status: 400, code: 'validation_failed' });
    const section = await t
      .as(w.reader.token)
      .get('/run/tests', { ...q, sectionId: 'cards' })
      .expect(400);
    expect(section.body).toMatchObject({ code: 'validation_failed', error: expect.stringContaining('sectionId') });
  });
});
