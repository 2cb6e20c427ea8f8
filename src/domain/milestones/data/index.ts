export {
  deleteMilestoneRow,
  findMilestoneRef,
  insertMilestone,
  listMilestoneRows,
  milestoneRows,
  setMilestoneStatus,
  updateMilestone,
  type MilestoneRef,
  type MilestoneWrite,
} from './milestones';
export { failedTestRows, milestoneRunRows, type FailedTestRow, type MilestoneRunRow } from './progress';
