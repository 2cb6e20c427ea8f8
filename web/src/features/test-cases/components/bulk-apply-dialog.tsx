import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import type { TestFilters } from '../api/get-tests';
import { readSelectedTests } from '../api/read-selected-tests';
import { planBulkEdit, scalarFields, testsText, type BulkEdit, type BulkPlan } from '../bulk-edit';
import { fieldNames, labelModes, type BulkNames } from './bulk-value-input';

type Reading =
  { state: 'reading'; done: number; of: number } | { state: 'ready'; plan: BulkPlan; read: number } | { state: 'error'; error: unknown };

/**
 * Before a bulk edit is applied (the owner gives each Apply its own `key`, so each starts afresh): what changes, read from the tests' current values (a page of ids
 * at a time), on how many of them; Apply sends only the changes, and hands back their undo.
 */
export function BulkApplyDialog({
  open,
  projectId,
  testIds,
  scope,
  hiddenLeft,
  edit,
  names,
  pending,
  onApply,
  onClose,
}: {
  open: boolean;
  projectId: number;
  testIds: number[];
  /** The filters the tests must match: the current ones, or none when hidden tests are included. */
  scope: TestFilters;
  /** How many selected tests the filter hides and the edit leaves alone. */
  hiddenLeft: number;
  edit: BulkEdit;
  names: BulkNames;
  pending: boolean;
  onApply: (plan: BulkPlan) => void;
  onClose: () => void;
}) {
  const [reading, setReading] = useState<Reading>({ state: 'reading', done: 0, of: testIds.length });
  useEffect(() => {
    if (!open) return;
    let live = true;
    readSelectedTests(projectId, testIds, scope, (done, of) => live && setReading({ state: 'reading', done, of }))
      .then((rows) => live && setReading({ state: 'ready', plan: planBulkEdit(edit, rows), read: rows.length }))
      .catch((error: unknown) => live && setReading({ state: 'error', error }));
    return () => {
      live = false;
    };
    // Read once: the owner mounts a new dialog (a new key) for each Apply, and the edit and the
    // selection do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const plan = reading.state === 'ready' ? reading.plan : undefined;
  const nameOf = (field: (typeof scalarFields)[number], id: number | null) =>
    id === null ? fieldNames[field].none : (names.options[field]?.find((o) => o.id === id)?.name ?? `#${id}`);
  const labelName = (id: number) => names.labels.find((l) => l.labelId === id)?.labelName ?? `#${id}`;
  return (
    <ConfirmDialog
      open={open}
      title={plan ? `Change ${testsText(plan.changes.length)}?` : 'Apply these changes?'}
      confirmLabel="Apply"
      danger={false}
      pending={pending || !plan || plan.changes.length === 0}
      onConfirm={() => plan && onApply(plan)}
      onClose={onClose}
    >
      <ul className="bulk-change-list">
        {scalarFields.map(
          (field) =>
            edit[field] !== undefined && (
              <li key={field}>
                {fieldNames[field].label} becomes <strong>{nameOf(field, edit[field])}</strong>
              </li>
            ),
        )}
        {edit.labels && (
          <li>
            {labelModes[edit.labels.mode]} labels: <strong>{edit.labels.ids.map(labelName).join(', ') || '(none)'}</strong>
          </li>
        )}
      </ul>
      <p role="status">
        {reading.state === 'reading' && `Reading the selected tests… ${reading.done} of ${reading.of}`}
        {reading.state === 'ready' &&
          (plan!.changes.length === 0
            ? `Nothing changes: the ${testsText(reading.read)} already have these values.`
            : `${plan!.changes.length} of the ${testsText(reading.read)} change` +
              (plan!.unchanged > 0 ? `; ${plan!.unchanged} already have these values.` : '.'))}
      </p>
      {hiddenLeft > 0 && <p className="muted">The {testsText(hiddenLeft)} hidden by the filter are left as they are.</p>}
      {plan && plan.changes.length > 0 && <p className="muted">You can undo it from the message that follows.</p>}
      <ErrorMessage error={reading.state === 'error' ? reading.error : null} />
    </ConfirmDialog>
  );
}
