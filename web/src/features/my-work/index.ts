// What the app may use of the caller's own work: its page, the header's link with its count, and its query keys.
export { myWorkKeys } from './api/query-keys';
export { MyWorkLink } from './components/my-work-link';
export { MyWorkPage } from './components/my-work-page';
