export {
  childNameClash,
  deleteSectionRow,
  findSectionInOrgs,
  insertSection,
  lockSections,
  moveSubsections,
  sectionInProject,
  siblingNamed,
  updateSection,
} from './sections';
export { listSectionTree, sectionPaths, sectionPlace, sectionSubtreeSql, sectionTreeSql, type SectionTreeRow } from './tree';
export { ensureSectionPaths } from './import';
