// What the app uses of test stability: its screen.
export { StabilityPage } from './components/stability-page';
