export { nonMembers, projectMembers } from './members';
export { myWorkPage, type MyWorkRow } from './my-work';
