import { useId, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Pager } from '../../../components/pager';
import type { Role } from '../../auth';
import { useProjects } from '../api/get-projects';
import { clampPage } from '../paging';
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
        // The range is the page on screen: the previous one stays until the next has loaded.
        <Pager
          label={`${title} pages`}
          offset={((projects.data?.page ?? page) - 1) * PAGE_SIZE}
          limit={PAGE_SIZE}
          total={total}
          onOffset={(offset) => setPage(offset / PAGE_SIZE + 1)}
          small
        />
      )}
    </section>
  );
}
