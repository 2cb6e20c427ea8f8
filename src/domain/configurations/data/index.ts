export {
  deleteGroupRow,
  groupNameTaken,
  groupRows,
  insertGroup,
  lockGroup,
  renameGroup,
  writeOptions,
  type GroupRef,
  type OptionWrite,
} from './groups';
