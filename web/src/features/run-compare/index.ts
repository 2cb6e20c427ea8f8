// What the app uses of run comparison: the screen comparing a run with a base run.
export { RunComparePage } from './components/run-compare-page';
