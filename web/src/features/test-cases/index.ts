// What other features and the app may use of test cases: the catalog's and a test's screens, a test's title, one test, and refreshing the tests after a write elsewhere (the CSV import).
export { useTest } from './api/get-test';
export { testKeys } from './api/query-keys';
export { useSharedSteps, type SharedSteps } from './api/get-shared-steps';
export { StepsEditor } from './components/steps-editor';
export { emptyStep, sentSteps, type EditStep } from './steps-list';
export { refreshTests } from './api/refresh';
export { CatalogPage } from './components/catalog-page';
export { TestCasePage } from './components/test-case-page';
export { TestTitle } from './components/test-title';
