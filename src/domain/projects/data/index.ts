export {
  deleteProjectRow,
  findProjectInOrgs,
  findProjectWithCounts,
  insertLookupEntries,
  insertProject,
  listProjectsPage,
  updateProject,
} from './projects';
export { noteProjectChange, projectChangeCount, projectChangeSql } from './changes';
