// What other features and the app may use of projects: the Projects screen, one project's detail and its keys, and its edit (the metadata page sets the defect link template with it).
export { projectQueryOptions, useProject } from './api/get-project';
export { useEditProject } from './api/edit-project';
export { projectKeys } from './api/query-keys';
export { ProjectsPage } from './components/projects-page';
