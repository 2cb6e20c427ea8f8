export {
  assignedListSql,
  fillPlanRuns,
  insertPlanRuns,
  optionNames,
  projectOptions,
  sourceTestsInTreeOrder,
  type OptionRow,
} from './create';
export { deletePlanRow, insertPlanRow, planRunIds, setPlanLocked, updatePlanRow } from './plans';
export {
  findPlanRow,
  listPlanRows,
  matrixCells,
  planAssigneeCounts,
  planRunRows,
  planTestCount,
  problemTestCount,
  type PlanRow,
  type PlanRunRow,
} from './read';
