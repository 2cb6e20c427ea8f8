import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useCustomFields, useFieldWrites } from '../api/custom-fields';
import '../custom-fields.css';
import { FieldForm } from './field-form';
import { FieldRow } from './field-row';

/** A project's custom fields: listed for everyone, added and edited by a User, deleted (with their values) by an Admin. */
export function CustomFieldsPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const fields = useCustomFields(projectId);
  const { add } = useFieldWrites(projectId);
  const active = project.data?.isActive === true;
  const canWrite = atLeast(role, 'User') && active;
  const canDelete = atLeast(role, 'Admin') && active;
  const title = project.data ? `Custom fields of ${project.data.projectName}` : 'Custom fields';
  return (
    <Page title={title}>
      <ErrorMessage error={project.error ?? fields.error} />
      <p className="muted">
        Fields of your own on test cases and on results in runs. A required field takes its default on a new test; a field's type stays as
        it was made.
      </p>
      <div className="custom-fields">
        <section className="value-list" aria-labelledby="fields-heading">
          <h2 id="fields-heading">Fields</h2>
          {fields.data && fields.data.length === 0 && <p className="muted">None yet.</p>}
          {fields.data && fields.data.length > 0 && (
            <ul aria-labelledby="fields-heading">
              {fields.data.map((f) => (
                <FieldRow key={f.fieldId} field={f} projectId={projectId} canWrite={canWrite} canDelete={canDelete} />
              ))}
            </ul>
          )}
        </section>
        {canWrite && (
          <section className="value-list" aria-labelledby="new-field-heading">
            <h2 id="new-field-heading">New field</h2>
            <FieldForm
              key={fields.data?.length}
              idPrefix="new-field"
              pending={add.isPending}
              error={add.error}
              onSave={(draft) => add.mutate({ ...draft, ...(draft.defaultValue === null && { defaultValue: undefined }) })}
            />
          </section>
        )}
      </div>
    </Page>
  );
}
