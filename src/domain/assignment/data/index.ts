export { nonMembers, projectMembers } from './members';
export { myWorkPage, myWorkSql, type MyWorkRow } from './my-work';
