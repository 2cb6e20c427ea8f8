import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { useDeleteConfigurationGroup } from '../api/delete-configuration-group';
import type { ConfigurationGroup } from '../api/get-configurations';
import { GroupEditor } from './group-editor';

interface Props {
  group: ConfigurationGroup;
  projectId: number;
  canWrite: boolean;
  canDelete: boolean;
}

/** One group: its options as chips, Edit in place (User), Delete after a confirmation (Admin). */
export function GroupCard({ group, projectId, canWrite, canDelete }: Props) {
  const remove = useDeleteConfigurationGroup(projectId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = () => (remove.reset(), setConfirming(false));
  return (
    <li className="configuration-group">
      {editing ? (
        <GroupEditor group={group} projectId={projectId} onClose={() => setEditing(false)} />
      ) : (
        <div className="configuration-summary">
          <div className="configuration-what">
            <strong>
              <bdi>{group.name}</bdi>
            </strong>
            <ul className="configuration-options" aria-label={`Options of ${group.name}`}>
              {group.options.map((o) => (
                <li key={o.optionId} className="chip">
                  <bdi>{o.name}</bdi>
                </li>
              ))}
            </ul>
          </div>
          <div className="value-actions">
            {canWrite && (
              <button type="button" className="button small secondary" onClick={() => setEditing(true)} aria-label={`Edit ${group.name}`}>
                Edit
              </button>
            )}
            {canDelete && (
              <button type="button" className="button small danger" onClick={() => setConfirming(true)} aria-label={`Delete ${group.name}`}>
                Delete
              </button>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete group “${group.name}”?`}
        confirmLabel="Delete group"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(group.groupId, { onSuccess: () => setConfirming(false) })}
        onClose={close}
      >
        <p>
          Its {group.options.length} {group.options.length === 1 ? 'option goes' : 'options go'} with it. Runs already made with them keep
          their names and results.
        </p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
    </li>
  );
}
