import type { ReactNode } from 'react';

// What a project page tells the project's layout through its route's `handle`: which part of the
// project it belongs to (its entry in the project navigation) and the breadcrumbs it adds after
// Organization / Project. Routes nest, so a run's report adds only its own crumb after the run's.

/** The parts of a project, in the order of the project navigation; a new part is one more entry. */
export const PROJECT_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', path: 'dashboard' },
  { id: 'catalog', label: 'Catalog', path: 'catalog' },
  { id: 'runs', label: 'Runs', path: 'runs' },
  { id: 'plans', label: 'Plans', path: 'plans' },
  { id: 'milestones', label: 'Milestones', path: 'milestones' },
  { id: 'stability', label: 'Stability', path: 'stability' },
  { id: 'metadata', label: 'Metadata', path: 'metadata' },
] as const;
export type ProjectSection = (typeof PROJECT_SECTIONS)[number]['id'];

/** The route parameters of a project page, as numbers. */
export interface ProjectParams {
  projectId: number;
  runId: number;
  testId: number;
  milestoneId: number;
  planId: number;
}

export interface PageCrumb {
  label: (params: ProjectParams) => ReactNode;
  to: (params: ProjectParams) => string;
}

export interface ProjectPageHandle {
  section?: ProjectSection;
  crumbs?: PageCrumb[];
}

export const projectPath = (projectId: number, ...rest: (string | number)[]) => ['', 'projects', projectId, ...rest].join('/');
