// What other features and the app may use of milestones: their screens, a milestone's name, the link
// a run shows to its milestone, the choice of one for a run, and the keys a run's move refreshes.
export { milestoneKeys } from './api/query-keys';
export { MilestoneLink } from './components/milestone-link';
export { MilestoneName } from './components/milestone-name';
export { MilestonePage } from './components/milestone-page';
export { MilestoneSelect } from './components/milestone-select';
export { MilestonesPage } from './components/milestones-page';
