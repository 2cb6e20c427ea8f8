// What other features and the app may use of projects: the Projects screen, one project's detail and its keys.
export { useProject } from './api/get-project';
export { projectKeys } from './api/query-keys';
export { ProjectsPage } from './components/projects-page';
