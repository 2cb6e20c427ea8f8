export {
  deleteFieldDef,
  findFieldDef,
  insertFieldDef,
  listFieldDefs,
  testFieldShapesInOrgs,
  lockFields,
  memberNames,
  optionUsage,
  projectMemberIds,
  updateFieldDef,
  type FieldDef,
} from './fields';
