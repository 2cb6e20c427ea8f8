export {
  deleteProjectRow,
  findProjectInOrgs,
  findProjectWithCounts,
  insertLookupEntries,
  insertProject,
  listProjectsPage,
  updateProject,
} from './projects';
