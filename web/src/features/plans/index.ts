// What the app may use of test plans: their screens and a plan's name (for the breadcrumbs).
export { NewPlanPage } from './components/new-plan-page';
export { PlanName } from './components/plan-name';
export { PlanPage } from './components/plan-page';
export { PlansPage } from './components/plans-page';
