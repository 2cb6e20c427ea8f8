export {
  deleteFieldDef,
  findFieldDef,
  insertFieldDef,
  listFieldDefs,
  lockFields,
  memberNames,
  optionUsage,
  projectMemberIds,
  updateFieldDef,
  type FieldDef,
} from './fields';
