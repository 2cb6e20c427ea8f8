import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import type { Section } from '../../project-metadata';
import { useCreateTest } from '../api/create-test';
import { SectionSelect } from './section-select';

/** Adds a test with a title and a section; the rest is edited on the test's page. */
export function QuickCreateTest({
  projectId,
  sections,
  sectionId,
}: {
  projectId: number;
  sections: Section[];
  sectionId: number | undefined;
}) {
  const create = useCreateTest(projectId);
  const [title, setTitle] = useState('');
  const [section, setSection] = useState<number | null>(sectionId ?? null);
  // A newly chosen section in the tree becomes the default (set while rendering: React's way to follow a prop).
  const [followedSectionId, setFollowedSectionId] = useState(sectionId);
  if (followedSectionId !== sectionId) {
    setFollowedSectionId(sectionId);
    setSection(sectionId ?? null);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ title, ...(section !== null && { sectionId: section }) }, { onSuccess: () => setTitle('') });
  };
  return (
    <form className="quick-create" onSubmit={submit} aria-label="New test">
      <div className="filter grow">
        <label htmlFor="new-test-title">New test title</label>
        {/* No maxLength: it would cut a pasted title short without a word; the server's 400 says what is too long. */}
        <input id="new-test-title" value={title} onChange={(e) => setTitle(e.target.value)} required />
      </div>
      <div className="filter">
        <label htmlFor="new-test-section">In section</label>
        <SectionSelect
          id="new-test-section"
          sections={sections}
          all={sections}
          value={section}
          onChange={setSection}
          noneLabel="(no section)"
        />
      </div>
      <button type="submit" className="button" disabled={create.isPending}>
        Add test
      </button>
      {create.isSuccess && !create.isPending && (
        <p className="muted" role="status">
          Added “<bdi>{create.data.title}</bdi>”.
        </p>
      )}
      <ErrorMessage error={create.error} />
    </form>
  );
}
