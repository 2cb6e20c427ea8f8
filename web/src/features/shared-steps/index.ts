// A project's shared steps: the page that manages them, and the list the steps editor inserts from.
export { SharedStepsPage } from './components/shared-steps-page';
