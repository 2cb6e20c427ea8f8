import { defectLinks, defectList, defectUrl, defectUrlTemplate } from '../../src/domain/defects/defect-links';

// The rule a defect's link follows (the events' links are made here; reads make them in SQL,
// test/domain/defects.test.ts checks those give the same).

it('links an id through the template (without its leading #), a URL to itself, an id without a template to nothing', () => {
  expect(defectUrl('#45', 'https://github.com/acme/shop/issues/{id}')).toBe('https://github.com/acme/shop/issues/45');
  expect(defectUrl('SHOP-1', 'https://acme.atlassian.net/browse/{id}?focus={id}')).toBe(
    'https://acme.atlassian.net/browse/SHOP-1?focus=SHOP-1',
  );
  expect(defectUrl('https://bugs.example/9', 'https://x.example/{id}')).toBe('https://bugs.example/9');
  expect(defectLinks(['SHOP-1', 'HTTP://bugs.example/1'], null)).toEqual([
    { id: 'SHOP-1', url: null },
    { id: 'HTTP://bugs.example/1', url: 'HTTP://bugs.example/1' },
  ]);
});

it('takes ids and http(s) URLs, trimmed and without duplicates; refuses the rest', () => {
  expect(defectList.parse([' SHOP-1 ', '#45', 'SHOP-1', 'a.b_c-9', 'https://bugs.example/x?y=1'])).toEqual([
    'SHOP-1',
    '#45',
    'a.b_c-9',
    'https://bugs.example/x?y=1',
  ]);
  for (const bad of ['', '#', '-1', 'a b', 'a/b', '../x', 'mailto:x@y.z', 'javascript:alert(1)', 'https://', 'https://a b.example/'])
    expect(defectList.safeParse([bad]).success).toBe(false);
  expect(defectList.safeParse(Array.from({ length: 21 }, (_, i) => `X-${i}`)).success).toBe(false);
  expect(defectList.safeParse(Array.from({ length: 20 }, (_, i) => `X-${i}`)).success).toBe(true);
});

it('takes a template that is an http(s) URL holding {id}, or null', () => {
  expect(defectUrlTemplate.parse(' https://acme.atlassian.net/browse/{id} ')).toBe('https://acme.atlassian.net/browse/{id}');
  expect(defectUrlTemplate.parse(null)).toBeNull();
  for (const bad of ['https://acme.atlassian.net/browse/', 'ftp://x.example/{id}', '{id}', `https://x.example/${'a'.repeat(490)}{id}`])
    expect(defectUrlTemplate.safeParse(bad).success).toBe(false);
});
