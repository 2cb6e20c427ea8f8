import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/error-message';
import { useLabels, useProjectLookups, type LookupKind, useSections, useSquads } from '../../project-metadata';
import { changedFields, formFromTest, sectionPaths, type TestForm, type TestRecord, type TestUpdate } from '../test-form';
import { LabelsPicker } from './labels-picker';
import { RefSelect } from './ref-select';

type Changes = Omit<TestUpdate, 'testId' | 'projectId'>;

interface Props {
  test: TestRecord;
  readOnly: boolean;
  save: UseMutationResult<TestRecord, Error, Changes>;
  /** Admin only: the Delete button and what it does. */
  actions?: ReactNode;
}

const TEXTS: [keyof TestForm & ('testDescription' | 'preconditions' | 'steps' | 'expectedResult'), string, number][] = [
  ['testDescription', 'Description', 3],
  ['preconditions', 'Preconditions', 3],
  ['steps', 'Steps', 8],
  ['expectedResult', 'Expected result', 3],
];

const LOOKUPS: [LookupKind, 'priorityId' | 'typeId' | 'automationStatusId' | 'platformId' | 'testCoveredById', string][] = [
  ['priority', 'priorityId', 'Priority'],
  ['type', 'typeId', 'Type'],
  ['automationStatus', 'automationStatusId', 'Automation status'],
  ['platform', 'platformId', 'Platform'],
  ['testCoveredBy', 'testCoveredById', 'Test covered by'],
];

/** Every field of a test, editable unless readOnly; Save sends only what changed. */
export function TestCaseForm({ test, readOnly, save, actions }: Props) {
  const [form, setForm] = useState(() => formFromTest(test));
  const set = <K extends keyof TestForm>(field: K, value: TestForm[K]) => setForm((f) => ({ ...f, [field]: value }));
  const lookups = useProjectLookups(test.projectId);
  const sections = useSections(test.projectId);
  const labels = useLabels(test.projectId);
  const squads = useSquads(test.projectId);
  const paths = useMemo(() => sectionPaths(sections.data ?? []), [sections.data]);
  const changes = changedFields(test, form);
  const dirty = Object.keys(changes).length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!readOnly && dirty) save.mutate(changes);
  };

  return (
    <form className="test-case-form" onSubmit={submit} noValidate>
      <div className="test-case-grid">
        <div className="test-case-main">
          <div className="field">
            <label htmlFor="test-title">Title</label>
            <input
              id="test-title"
              aria-required="true"
              value={form.title}
              readOnly={readOnly}
              onChange={(e) => set('title', e.target.value)}
            />
          </div>
          {TEXTS.map(([field, label, rows]) => (
            <div className="field" key={field}>
              <label htmlFor={`test-${field}`}>{label}</label>
              <textarea
                id={`test-${field}`}
                rows={rows}
                value={form[field]}
                readOnly={readOnly}
                onChange={(e) => set(field, e.target.value)}
              />
            </div>
          ))}
        </div>
        <div className="test-case-side">
          <RefSelect
            id="test-sectionId"
            label="Section"
            value={form.sectionId}
            readOnly={readOnly}
            options={sections.data?.map((s) => ({ id: s.sectionId, name: paths.get(s.sectionId) ?? s.sectionName }))}
            onChange={(id) => set('sectionId', id)}
          />
          {LOOKUPS.map(([kind, field, label]) => (
            <RefSelect
              key={kind}
              id={`test-${field}`}
              label={label}
              value={form[field]}
              readOnly={readOnly}
              options={lookups[kind].data}
              onChange={(id) => set(field, id)}
            />
          ))}
          <RefSelect
            id="test-squadId"
            label="Squad"
            value={form.squadId}
            readOnly={readOnly}
            options={squads.data?.map((s) => ({ id: s.squadId, name: s.squadName }))}
            onChange={(id) => set('squadId', id)}
          />
          <LabelsPicker labels={labels.data ?? []} value={form.labels} readOnly={readOnly} onChange={(ids) => set('labels', ids)} />
          <ErrorMessage error={sections.error ?? labels.error ?? squads.error ?? Object.values(lookups).find((l) => l.error)?.error} />
        </div>
      </div>
      {!readOnly && (
        <div className="test-case-actions">
          <ErrorMessage error={save.error} />
          {save.isSuccess && !dirty && (
            <p role="status" className="saved">
              Saved
            </p>
          )}
          <div className="buttons">
            <button type="submit" className="button" disabled={!dirty || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={!dirty || save.isPending}
              onClick={() => (save.reset(), setForm(formFromTest(test)))}
            >
              Discard changes
            </button>
            {actions}
          </div>
        </div>
      )}
      {readOnly && actions}
    </form>
  );
}
