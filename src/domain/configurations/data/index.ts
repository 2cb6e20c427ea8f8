export {
  deleteGroupRow,
  groupRows,
  insertGroup,
  lockGroup,
  renameGroup,
  takenGroupName,
  writeOptions,
  type GroupRef,
  type OptionWrite,
} from './groups';
