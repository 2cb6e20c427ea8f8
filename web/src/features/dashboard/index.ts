// What the app uses of the dashboard: a project's dashboard screen.
export { DashboardPage } from './components/dashboard-page';
