/** A form's submit button (disabled, and saying so, while the request runs) and Cancel, side by side. */
export function FormActions({
  submitLabel,
  pendingLabel = 'Saving…',
  pending,
  onCancel,
}: {
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="button-row">
      <button type="submit" className="button" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </button>
      <button type="button" className="button secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
