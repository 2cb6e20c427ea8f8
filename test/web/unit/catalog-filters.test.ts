import { filtersFromParams, withFilter } from '../../../web/src/features/test-cases/catalog-filters';

// The catalog's filters in the URL, custom field filters under the API's own names (cf.<key>).

it('reads the filters from the URL, custom field filters by their parameter', () => {
  const params = new URLSearchParams('priority=2&q=%20card%20&cf.area=search&cf.points.gte=3&cf.due.lte=&cf.Bad=x&cf.x.between=1&other=1');
  expect(filtersFromParams(params)).toEqual({ priorityId: 2, search: 'card', fields: { 'cf.area': 'search', 'cf.points.gte': '3' } });
  expect(filtersFromParams(new URLSearchParams('section=0&label=x'))).toEqual({});
});

it('sets and clears one filter, the others kept', () => {
  let params = withFilter(new URLSearchParams('priority=2'), 'cf.points.gte', '3');
  params = withFilter(params, 'cf.area', 'search');
  expect(params.toString()).toBe('priority=2&cf.points.gte=3&cf.area=search');
  params = withFilter(params, 'cf.points.gte', '');
  params = withFilter(params, 'search', 'pay');
  expect(params.toString()).toBe('priority=2&cf.area=search&q=pay');
});
