import { useMemo, type FormEvent, type ReactNode } from 'react';
import { EditConflict } from '../../../components/edit-conflict';
import { ErrorMessage } from '../../../components/error-message';
import { LeaveGuard } from '../../../components/leave-guard';
import { useLabels, useProjectLookups, type LookupKind, useSections, useSquads } from '../../project-metadata';
import { FORM_FIELDS, sectionPaths, type TestForm, type TestRecord } from '../test-form';
import { useTestEdit } from '../use-test-edit';
import { LabelsPicker } from './labels-picker';
import { FieldInputs, useCustomFields, valueText } from '../../custom-fields';
import { RefSelect } from './ref-select';
import { StepsEditor } from './steps-editor';
import { textFromSteps } from '../steps-list';

interface Props {
  test: TestRecord;
  /** The ETag of the read that gave `test`: a save sends it in If-Match. */
  etag: string | undefined;
  readOnly: boolean;
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

/**
 * Every field of a test, editable unless readOnly; Save sends only what changed, based on the
 * version read (If-Match). Someone else's save meanwhile shows both versions to choose from, and
 * leaving with unsaved edits asks first.
 */
export function TestCaseForm({ test, etag, readOnly, actions }: Props) {
  const { form, set, dirty, save, submit: saveForm, discard, conflict } = useTestEdit(test, etag);
  const lookups = useProjectLookups(test.projectId);
  const sections = useSections(test.projectId);
  const labels = useLabels(test.projectId);
  const squads = useSquads(test.projectId);
  const paths = useMemo(() => sectionPaths(sections.data ?? []), [sections.data]);
  const fields = useCustomFields(test.projectId);
  const testFields = fields.data?.filter((f) => f.appliesTo === 'test') ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!readOnly) saveForm();
  };
  /** A field's value as text, references by name. */
  const shown = (field: keyof TestForm, f: TestForm): string => {
    const value = f[field];
    if (field === 'stepList') return value ? textFromSteps(value as NonNullable<TestForm['stepList']>) : '';
    if (field === 'customFields') return testFields.map((cf) => `${cf.name}: ${valueText(cf, f.customFields[cf.key])}`).join('; ');
    if (field === 'labels')
      return (value as number[]).map((id) => labels.data?.find((l) => l.labelId === id)?.labelName ?? `#${id}`).join(', ');
    if (value === null || typeof value === 'string') return value ?? '';
    const id = value as number;
    if (field === 'sectionId') return paths.get(id) ?? `#${id}`;
    if (field === 'squadId') return squads.data?.find((s) => s.squadId === id)?.squadName ?? `#${id}`;
    const kind = LOOKUPS.find(([, f]) => f === field)?.[0];
    return (kind && lookups[kind].data?.find((o) => o.id === id)?.name) ?? `#${id}`;
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
          {TEXTS.map(([field, label, rows]) =>
            field === 'steps' ? (
              <StepsEditor
                key={field}
                projectId={test.projectId}
                text={form.steps}
                list={form.stepList}
                readOnly={readOnly}
                onText={(text) => set('steps', text)}
                onList={(list) => set('stepList', list)}
              />
            ) : (
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
            ),
          )}
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
          <FieldInputs
            fields={testFields}
            values={form.customFields}
            readOnly={readOnly}
            idPrefix="test-cf"
            onChange={(key, value) => set('customFields', { ...form.customFields, [key]: value })}
          />
          <ErrorMessage
            error={sections.error ?? labels.error ?? squads.error ?? fields.error ?? Object.values(lookups).find((l) => l.error)?.error}
          />
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
            <button type="button" className="button secondary" disabled={!dirty || save.isPending} onClick={discard}>
              Discard changes
            </button>
            {actions}
          </div>
        </div>
      )}
      {readOnly && actions}
      <LeaveGuard when={dirty && !readOnly} what="Your changes to this test are not saved. Leave the page and lose them?" />
      {conflict && (
        <EditConflict
          open
          what="test"
          rows={conflict.fields.map((field) => ({
            field,
            label: FORM_FIELDS.find(([f]) => f === field)?.[1] ?? field,
            mine: shown(field, form),
            theirs: shown(field, conflict.theirs),
          }))}
          pending={save.isPending}
          onResolve={conflict.resolve}
          onClose={conflict.close}
        />
      )}
    </form>
  );
}
