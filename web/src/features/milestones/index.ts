// What other features and the app may use of milestones: their screens, a milestone's name, the link
// a run shows to its milestone, and the choice of one for a new run.
export { MilestoneLink } from './components/milestone-link';
export { MilestoneName } from './components/milestone-name';
export { MilestonePage } from './components/milestone-page';
export { MilestoneSelect } from './components/milestone-select';
export { MilestonesPage } from './components/milestones-page';
