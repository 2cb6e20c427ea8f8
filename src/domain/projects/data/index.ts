export {
  deleteProjectRow,
  findProjectInOrgs,
  findProjectWithCounts,
  insertLookupEntries,
  insertProject,
  listProjectsPage,
  updateProject,
} from './projects';
export { noteProjectChange, metadataProjectSql, projectChangeSql, sectionProjectSql, testProjectsSql } from './changes';
export { lockProjectStamp, projectStampSql } from './stamp';
