// What other features and the app may use of test cases: the catalog's and a test's screens, a test's title and one test.
export { useTest } from './api/get-test';
export { CatalogPage } from './components/catalog-page';
export { TestCasePage } from './components/test-case-page';
export { TestTitle } from './components/test-title';
