import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { useFieldWrites, type CustomField, type FieldValue } from '../api/custom-fields';
import { TYPE_LABELS, valueText } from '../field-values';
import { FieldForm } from './field-form';

interface Props {
  field: CustomField;
  projectId: number;
  canWrite: boolean;
  canDelete: boolean;
}

/** One field: what it is, Edit in place (User), Delete with its values after a confirmation (Admin). */
export function FieldRow({ field, projectId, canWrite, canDelete }: Props) {
  const { edit, remove } = useFieldWrites(projectId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="custom-field">
      {editing ? (
        <FieldForm
          field={field}
          idPrefix={`edit-${field.fieldId}`}
          pending={edit.isPending}
          error={edit.error}
          onCancel={() => (edit.reset(), setEditing(false))}
          onSave={(d) =>
            edit.mutate(
              { fieldId: field.fieldId, name: d.name, options: d.options, required: d.required, defaultValue: d.defaultValue },
              { onSuccess: () => setEditing(false) },
            )
          }
        />
      ) : (
        <div className="custom-field-summary">
          <div className="custom-field-what">
            <strong>
              <bdi>{field.name}</bdi>
            </strong>{' '}
            <code>{field.key}</code>
            <div className="muted">
              {TYPE_LABELS[field.type]} · {field.appliesTo === 'test' ? 'test cases' : 'results'}
              {field.required && ' · required'}
              {field.defaultValue !== null && ` · default ${valueText(field, field.defaultValue as FieldValue)}`}
              {field.options.length > 0 && ` · ${field.options.join(', ')}`}
            </div>
          </div>
          <div className="value-actions">
            {canWrite && (
              <button type="button" className="button small secondary" onClick={() => setEditing(true)} aria-label={`Edit ${field.name}`}>
                Edit
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="button small danger"
                onClick={() => setConfirming(true)}
                aria-label={`Delete ${field.name}`}
                disabled={remove.isPending}
              >
                Delete
              </button>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete field “${field.name}”?`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(field.fieldId, { onSuccess: () => setConfirming(false) })}
        onClose={() => (remove.reset(), setConfirming(false))}
      >
        <p>Its values on every test case and result go with it. The status history keeps what it recorded.</p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
    </li>
  );
}
