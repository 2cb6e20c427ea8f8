// What the app uses of reports: a run's report screen.
export { RunReportPage } from './components/run-report-page';
