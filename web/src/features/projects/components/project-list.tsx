import { useId, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import type { Role } from '../../auth/use-role';
import { useProjects } from '../api/get-projects';
import { clampPage, pageCount, rangeText } from '../paging';
import { ProjectItem } from './project-item';

const PAGE_SIZE = 50;

interface Props {
  orgId: number;
  isActive: boolean;
  role: Role | undefined;
  onDone: (message: string) => void;
}

/** An organization's active (or inactive) projects, a page at a time, with their total. */
export function ProjectList({ orgId, isActive, role, onDone }: Props) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const projects = useProjects({ orgId, isActive, page, pageSize: PAGE_SIZE });
  const total = projects.data?.total;
  const title = isActive ? 'Active projects' : 'Inactive projects';

  // A list that shrank below the current page (the last project on it moved away) steps back
  // (set while rendering, as React advises for state that follows other values).
  const clamped = total === undefined ? page : clampPage({ page, pageSize: PAGE_SIZE, total });
  if (clamped !== page) setPage(clamped);

  return (
    <section className="project-list" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title} {total !== undefined && <span className="count">({total})</span>}
      </h3>
      <ErrorMessage error={projects.error} />
      {projects.isPending && <p className="muted">Loading…</p>}
      {projects.data && projects.data.projects.length === 0 && (
        <p className="muted">{isActive ? 'No active projects.' : 'No inactive projects.'}</p>
      )}
      {projects.data && projects.data.projects.length > 0 && (
        <ul className="projects" aria-labelledby={headingId} aria-busy={projects.isPlaceholderData}>
          {projects.data.projects.map((project) => (
            <ProjectItem key={project.projectId} project={project} role={role} onDone={onDone} />
          ))}
        </ul>
      )}
      {total !== undefined && total > PAGE_SIZE && (
        <nav className="pager" aria-label={`${title} pages`}>
          <button type="button" className="button secondary small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          {/* The page on screen: the previous one stays until the next has loaded. */}
          <span aria-live="polite">{rangeText({ page: projects.data?.page ?? page, pageSize: PAGE_SIZE, total })}</span>
          <button
            type="button"
            className="button secondary small"
            disabled={page >= pageCount({ pageSize: PAGE_SIZE, total })}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
