export {
  deleteNameRecord,
  findNameInOrgs,
  insertNames,
  labelKind,
  listNameRecords,
  lockNameRecord,
  nameMap,
  nameTaken,
  renameNameRecord,
  squadKind,
  type NameRecord,
  type NameSetKind,
} from './names';
