import { apiQueryOf, filtersOf, inView, paramsOf, viewLabel } from '../../../web/src/features/stability/stability-query';
import { sectionOptions } from '../../../web/src/features/stability/section-names';
import { agoText, emptyText, windowText } from '../../../web/src/features/stability/stability-text';

const read = (search: string) => filtersOf(new URLSearchParams(search));

describe('the Stability screen’s address', () => {
  it('reads the defaults from an empty address and writes none of them back', () => {
    const f = read('');
    expect(f).toEqual({
      view: 'all',
      window: 30,
      sectionId: null,
      labelId: null,
      sort: 'flakiness',
      minFlips: 3,
      staleDays: 30,
      offset: 0,
    });
    expect(paramsOf(f)).toEqual({});
  });

  it('reads the names the Dashboard links with, and writes them back the same', () => {
    for (const search of [
      'flakyOnly=true',
      'neverRun=true',
      'neverRun=true&window=all',
      'staleDays=14',
      'window=50&sectionId=4&labelId=9&sort=failureRate&minFlips=2',
      'sort=lastExecuted&offset=50',
    ]) {
      expect(paramsOf(read(search))).toEqual(Object.fromEntries(new URLSearchParams(search)));
    }
  });

  it('picks one view when a link carries several: never run, then stale, then flaky', () => {
    expect(read('flakyOnly=true&neverRun=true').view).toBe('never');
    expect(read('flakyOnly=true&staleDays=7').view).toBe('stale');
    expect(read('flakyOnly=false').view).toBe('all');
  });

  it('drops what the API would refuse: window=all outside Never run, numbers out of range, unknown sorts', () => {
    expect(read('window=all').window).toBe(30);
    expect(read('window=0').window).toBe(30);
    expect(read('window=201').window).toBe(30);
    expect(read('window=200').window).toBe(200);
    expect(read('sort=title').sort).toBe('flakiness');
    expect(read('minFlips=0').minFlips).toBe(3);
    expect(read('staleDays=x').view).toBe('all');
    expect(read('sectionId=-1&labelId=1.5&offset=-5')).toMatchObject({ sectionId: null, labelId: null, offset: 0 });
  });

  it('switches views from the first page, leaving window=all behind with Never run', () => {
    const never = read('neverRun=true&window=all&offset=50&sectionId=2');
    expect(inView(never, 'flaky')).toMatchObject({ view: 'flaky', window: 30, offset: 0, sectionId: 2 });
    expect(inView(read('window=10&offset=50'), 'never')).toMatchObject({ view: 'never', window: 10, offset: 0 });
  });

  it('asks the API with its own parameters', () => {
    expect(apiQueryOf(7, read('staleDays=14&labelId=3'))).toEqual({
      projectId: 7,
      window: '30',
      sort: 'flakiness',
      limit: 50,
      offset: 0,
      labelId: 3,
      staleDays: 14,
    });
    expect(apiQueryOf(7, read('flakyOnly=true&minFlips=2'))).toMatchObject({ flakyOnly: 'true', minFlips: 2 });
    expect(apiQueryOf(7, read('neverRun=true&window=all'))).toMatchObject({ neverRun: 'true', window: 'all' });
  });

  it('names the views', () => {
    expect(['all', 'flaky', 'never'].map((v) => viewLabel(v as 'all', 30))).toEqual(['All', 'Flaky', 'Never run']);
    expect(viewLabel('stale', 30)).toBe('Stale (30 days)');
    expect(viewLabel('stale', 1)).toBe('Stale (1 day)');
  });
});

describe('the Stability screen’s words', () => {
  it('says how long ago, and a date past a month', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const ago = (ms: number) => agoText(new Date(now - ms).toISOString(), now);
    expect(ago(10_000)).toBe('just now');
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(3 * 3600_000)).toBe('3 hours ago');
    expect(ago(24 * 3600_000)).toBe('yesterday');
    expect(ago(12 * 24 * 3600_000)).toBe('12 days ago');
    expect(ago(40 * 24 * 3600_000)).toBe(new Date(now - 40 * 24 * 3600_000).toLocaleDateString());
  });

  it('states the runs counted', () => {
    expect(windowText(30, 30)).toBe('Counted: the last 30 runs.');
    expect(windowText(30, 5)).toBe('Counted: all 5 runs of the project.');
    expect(windowText('all', 1)).toBe("Counted: the project's one run.");
    expect(windowText(1, 1)).toBe('Counted: the last run.');
    expect(windowText(30, 0)).toBe('The project has no runs yet: nothing has been executed.');
  });

  it('says what an empty view means', () => {
    expect(emptyText(read('flakyOnly=true'), 30)).toBe('No flaky tests in the last 30 runs.');
    expect(emptyText(read('flakyOnly=true&sectionId=2'), 4)).toBe("No flaky tests with these filters in the project's 4 runs.");
    expect(emptyText(read('flakyOnly=true'), 1)).toBe("No flaky tests in the project's one run.");
    expect(emptyText(read('flakyOnly=true&window=1'), 1)).toBe('No flaky tests in the last run.');
    expect(emptyText(read('flakyOnly=true'), 0)).toBe('No flaky tests: the project has no runs yet.');
    expect(emptyText(read('neverRun=true&window=all'), 9)).toBe('Every test ran in any run.');
    expect(emptyText(read('neverRun=true&window=10'), 10)).toBe('Every test ran in the last 10 runs.');
    expect(emptyText(read('staleDays=7'), 3)).toBe('Every test ran in the last 7 days.');
    expect(emptyText(read(''), 3)).toBe('This project has no tests yet.');
    expect(emptyText(read('labelId=1'), 3)).toBe('No tests match these filters.');
  });

  it('names sections by their path', () => {
    const sections = [
      { sectionId: 1, sectionName: 'Checkout', parentSectionId: null },
      { sectionId: 2, sectionName: 'Payments', parentSectionId: 1 },
      { sectionId: 3, sectionName: 'Cards', parentSectionId: 2 },
    ];
    expect(sectionOptions(sections).map((o) => o.name)).toEqual(['Checkout', 'Checkout > Payments', 'Checkout > Payments > Cards']);
  });
});
