import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import type { Section } from '../../project-metadata';
import { useCreateTest } from '../api/create-test';
import { SectionSelect } from './section-select';
import { defaultValues, FieldInputs, useCustomFields, type FieldValue, type FieldValues } from '../../custom-fields';

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
  // Required test fields are asked for here, their defaults prefilled; the others are edited on the test's page.
  const required = useCustomFields(projectId).data?.filter((f) => f.appliesTo === 'test' && f.required) ?? [];
  const [values, setValues] = useState<FieldValues | null>(null);
  const shownValues = values ?? defaultValues(required);
  // A newly chosen section in the tree becomes the default (set while rendering: React's way to follow a prop).
  const [followedSectionId, setFollowedSectionId] = useState(sectionId);
  if (followedSectionId !== sectionId) {
    setFollowedSectionId(sectionId);
    setSection(sectionId ?? null);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const customFields = Object.fromEntries(Object.entries(shownValues).filter((e): e is [string, FieldValue] => e[1] !== null));
    create.mutate(
      { title, ...(section !== null && { sectionId: section }), ...(required.length > 0 && { customFields }) },
      { onSuccess: () => (setTitle(''), setValues(null)) },
    );
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
      <FieldInputs
        fields={required}
        values={shownValues}
        idPrefix="new-test-cf"
        onChange={(key, value) => setValues({ ...shownValues, [key]: value })}
      />
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
