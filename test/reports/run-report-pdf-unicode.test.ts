import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';
import { binaryBody, startRun } from '../support/run-factories';
import { pdfText } from '../support/pdf-text';

// The PDF report draws Latin (with accents), Greek, Cyrillic, Japanese and
// Chinese text with embedded Unicode fonts: what it extracts is what was stored.

let t: TestApp;
let w: World;

const RUN_NAME = 'Nächtlicher Lauf — 夜間テスト';
const PARENT = 'Überprüfung Ελληνικά';
const CHILD = '認証テスト';
const TITLES = [
  'Crème brûlée à la façon de Łódź',
  'Σύνδεση χρήστη με κωδικό',
  'Вход в систему',
  'ログイン画面の確認',
  '登录测试用例',
  'Login ログイン Вход',
];
const COMMENTS = ['Ошибка: ελέγχος ça échoue', '登录失败了', 'パスワードが違います'];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

it('draws every character of the titles, section names, comments and run name', async () => {
  const p = w.projectA.projectId;
  const parent = await createSection(t.db, p, PARENT);
  const child = await createSection(t.db, p, CHILD, parent.sectionId);
  const ids = await createTests(t.db, p, TITLES.length, (i) => ({
    title: TITLES[i],
    sectionId: i % 2 ? child.sectionId : parent.sectionId,
  }));
  const run = await startRun(t, w.user.token, p, ids, RUN_NAME);
  const q = { runId: run.runId, projectId: p };
  await t
    .as(w.user.token)
    .put('/run/update-test-status', {
      ...q,
      testResults: COMMENTS.map((comment, i) => ({ testId: ids[i], status: 'failed', comment })),
    })
    .expect(200);

  const res = await t
    .as(w.reader.token)
    .get('/run/report', { ...q, format: 'pdf' })
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  const pdf = await pdfText(res.body as Buffer);
  const text = pdf.text.replace(/\s+/g, ' ');
  for (const s of [`Run report: ${RUN_NAME}`, PARENT, `${PARENT} > ${CHILD}`, ...TITLES, ...COMMENTS]) expect(text).toContain(s);
  expect(text).not.toMatch(/[?\ufffd]/);
});
