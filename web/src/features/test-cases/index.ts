// What other features and the app may use of test cases: the test's screen, its title, one test and the keys of a project's tests.
export { useTest } from './api/get-test';
export { testKeys } from './api/query-keys';
export { TestCasePage } from './components/test-case-page';
export { TestTitle } from './components/test-title';
