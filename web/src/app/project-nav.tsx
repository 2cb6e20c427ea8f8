import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { PROJECT_SECTIONS, projectPath, type ProjectSection } from './project-pages';

/**
 * The parts of a project (Catalog, Runs, ...), one link each. The part holding the page is marked
 * current: aria-current="page" on its own page, "true" on a page inside it (a run, a test).
 */
export function ProjectNav({ projectId, current }: { projectId: number; current: ProjectSection | undefined }) {
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the parts scroll sideways: the current one is brought into view (by scrolling the
  // list itself, which leaves the page and where Tab starts from alone).
  useEffect(() => {
    const list = nav.current?.querySelector('ul');
    const here = list?.querySelector('[aria-current]');
    if (!list || !here) return;
    const [box, part] = [list.getBoundingClientRect(), here.getBoundingClientRect()];
    if (part.right > box.right) list.scrollLeft += part.right - box.right;
    else if (part.left < box.left) list.scrollLeft -= box.left - part.left;
  }, [current]);
  return (
    <nav aria-label="Project" className="project-nav" ref={nav}>
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
