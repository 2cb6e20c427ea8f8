import { Link, useLocation } from 'react-router';
import { PROJECT_SECTIONS, projectPath, type ProjectSection } from './project-pages';

/**
 * The parts of a project (Catalog, Runs, ...), one link each. The part holding the page is marked
 * current: aria-current="page" on its own page, "true" on a page inside it (a run, a test).
 */
export function ProjectNav({ projectId, current }: { projectId: number; current: ProjectSection | undefined }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Project" className="project-nav">
      <ul>
        {PROJECT_SECTIONS.map((s) => {
          const to = projectPath(projectId, s.path);
          const here = s.id === current ? (pathname.replace(/\/$/, '') === to ? 'page' : 'true') : undefined;
          return (
            <li key={s.id}>
              <Link to={to} aria-current={here}>
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
