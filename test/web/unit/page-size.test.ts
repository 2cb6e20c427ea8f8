import fs from 'node:fs';
import path from 'node:path';

// Pages stay small: a screen (web/src/features/*/components/*-page.tsx) over 150 lines is split
// into parts named for what they do (see the runs feature: the execute page, its hooks and parts).

const MAX_LINES = 150;
const features = path.resolve(__dirname, '../../../web/src/features');

const pages = fs
  .readdirSync(features)
  .flatMap((feature) => {
    const dir = path.join(features, feature, 'components');
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('-page.tsx'))
          .map((f) => path.join(dir, f))
      : [];
  })
  .map((file) => ({ page: path.relative(features, file), lines: fs.readFileSync(file, 'utf8').split('\n').length }));

it('finds the screens', () => {
  expect(pages.map((p) => p.page)).toEqual(
    expect.arrayContaining(['test-cases/components/catalog-page.tsx', 'runs/components/run-execute-page.tsx']),
  );
});

it(`keeps every screen within ${MAX_LINES} lines`, () => {
  expect(pages.filter((p) => p.lines > MAX_LINES)).toEqual([]);
});
