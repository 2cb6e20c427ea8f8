import { useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { Toast, type ToastMessage } from '../../../components/toast';
import type { Section } from '../../project-metadata';
import { useBulkDeleteTests } from '../api/bulk-delete-tests';
import { useBulkUpdateTests } from '../api/bulk-update-tests';
import type { TestFilters } from '../api/get-tests';
import { readSelectedTests } from '../api/read-selected-tests';
import { useSelectionShown } from '../api/selection-shown';
import { BULK_LIMIT } from '../bulk-batches';
import { chunk, isEmptyEdit, testsText, type BulkEdit, type BulkItem, type BulkPlan } from '../bulk-edit';
import type { Selection } from '../catalog-selection';
import { BulkApplyDialog } from './bulk-apply-dialog';
import { BulkEditFields, useBulkNames } from './bulk-value-input';
import { CreateRunDialog } from './create-run-dialog';

interface Props {
  projectId: number;
  sections: Section[];
  selection: Selection;
  /** The current filters: actions take the selected tests they show, unless the person includes the hidden ones. */
  filters: TestFilters;
  onClear: () => void;
  onDeleted: (ids: number[]) => void;
  canDelete: boolean;
}

/**
 * What to do with the selected tests: change fields (after a confirmation saying what changes,
 * with Undo after), create a run, or (Admin) delete them. Stays mounted without a selection, so
 * the Undo of the last edit outlives it.
 */
export function BulkActions({ projectId, sections, selection, filters, onClear, onDeleted, canDelete }: Props) {
  const update = useBulkUpdateTests(projectId);
  const remove = useBulkDeleteTests(projectId);
  const names = useBulkNames(projectId, sections);
  const [edit, setEdit] = useState<BulkEdit>({});
  const [includeHidden, setIncludeHidden] = useState(false);
  const [dialog, setDialog] = useState<'apply' | 'run' | 'delete' | null>(null);
  const [targetIds, setTargetIds] = useState<number[]>([]);
  const [applyId, setApplyId] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const [readError, setReadError] = useState<unknown>(null);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const toastId = useRef(0);
  const say = (text: string, action?: ToastMessage['action']) => setToast({ id: (toastId.current += 1), text, action });

  const count = selection.ids.size;
  const shown = useSelectionShown(projectId, filters, selection.ids);
  const hidden = shown === undefined ? undefined : count - shown;
  const scope = includeHidden ? {} : filters;
  const targets = includeHidden ? count : shown;
  const targetsText = targets === undefined ? 'the selected tests' : testsText(targets);
  const busy = note === 'reading' || update.isPending || remove.isPending;

  const undo = (items: BulkItem[]) => {
    say(`Undoing the change of ${testsText(items.length)}…`);
    update.mutate(items, {
      onSuccess: (n) => say(`Undone: ${testsText(n)} have their previous values again.`),
      onError: () => setToast(null),
    });
  };
  const apply = (plan: BulkPlan) =>
    update.mutate(plan.changes, {
      onSuccess: (n) => {
        setDialog(null);
        setEdit({});
        say(`Changed ${testsText(n)}.`, { label: 'Undo', onAction: () => undo(plan.undo) });
      },
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isEmptyEdit(edit)) return setNote('Nothing to apply: every field says “Leave unchanged”.');
    setNote(null);
    setTargetIds([...selection.ids]);
    setApplyId((n) => n + 1);
    setDialog('apply');
  };
  /** Run and delete take the ids the filter shows (read a page at a time), or every selected one. */
  const openWithTargets = async (next: 'run' | 'delete') => {
    setReadError(null);
    if (includeHidden || hidden === 0) {
      setTargetIds([...selection.ids].sort((a, b) => a - b));
      return setDialog(next);
    }
    setNote('reading');
    try {
      setTargetIds((await readSelectedTests(projectId, [...selection.ids], filters)).map((t) => t.testId));
      setDialog(next);
    } catch (error) {
      setReadError(error);
    } finally {
      setNote(null);
    }
  };
  const deleteTargets = () =>
    remove.mutate(chunk(targetIds, BULK_LIMIT), { onSuccess: () => onDeleted(targetIds), onSettled: () => setDialog(null) });
  const toastPart = <Toast toast={toast} onDismiss={() => setToast(null)} />;
  if (count === 0) return toastPart;
  return (
    <section className="bulk-actions" aria-labelledby="bulk-heading">
      <h2 id="bulk-heading" className="bulk-count">
        {testsText(count)} selected
      </h2>
      <button type="button" className="button secondary" onClick={onClear}>
        Clear selection
      </button>
      {hidden !== 0 && (
        <p className="bulk-hidden" role="status">
          {hidden === undefined ? 'Counting how many of them the filter shows…' : `${hidden} of them hidden by the current filter.`}
        </p>
      )}
      {hidden !== undefined && hidden > 0 && (
        <label className="bulk-include">
          <input type="checkbox" checked={includeHidden} onChange={(e) => setIncludeHidden(e.target.checked)} />
          Also act on the {hidden} hidden
        </label>
      )}
      <form className="bulk-edit" onSubmit={submit} aria-label="Change the selected tests">
        <BulkEditFields names={names} edit={edit} setEdit={setEdit} />
        <button type="submit" className="button" disabled={busy || targets === 0}>
          Apply to {targetsText}…
        </button>
      </form>
      <div className="button-row">
        <button type="button" className="button" disabled={busy || targets === 0} onClick={() => void openWithTargets('run')}>
          Create run from selection
        </button>
        {canDelete && (
          <button type="button" className="button danger" disabled={busy || targets === 0} onClick={() => void openWithTargets('delete')}>
            Delete {targetsText}…
          </button>
        )}
      </div>
      {note && note !== 'reading' && <p role="status">{note}</p>}
      {note === 'reading' && <p role="status">Reading the selected tests…</p>}
      <ErrorMessage error={readError ?? update.error ?? remove.error} />
      <BulkApplyDialog
        key={applyId}
        open={dialog === 'apply'}
        projectId={projectId}
        testIds={targetIds}
        scope={scope}
        hiddenLeft={includeHidden ? 0 : (hidden ?? 0)}
        edit={edit}
        names={names}
        pending={update.isPending}
        onApply={apply}
        onClose={() => setDialog(null)}
      />
      <CreateRunDialog
        open={dialog === 'run'}
        projectId={projectId}
        testIds={dialog === 'run' ? targetIds : []}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete ${testsText(targetIds.length)}?`}
        pending={remove.isPending}
        onConfirm={deleteTargets}
        onClose={() => setDialog(null)}
      >
        <p>
          They leave the catalog{targetIds.length > BULK_LIMIT ? ` in ${Math.ceil(targetIds.length / BULK_LIMIT)} batches` : ''}; runs that
          hold them keep their results.
        </p>
      </ConfirmDialog>
      {toastPart}
    </section>
  );
}
