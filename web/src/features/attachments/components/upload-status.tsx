import { attachmentErrorText } from '../upload-errors';

/** An upload under way (how much has gone), or why the last one was refused. */
export function UploadStatus({ progress, count, error }: { progress: number | null; count: number; error: unknown }) {
  if (progress !== null) {
    const percent = Math.round(progress * 100);
    const what = count === 1 ? '1 file' : `${count} files`;
    return (
      <div className="attachment-progress" role="status">
        <progress value={progress} max={1} aria-label={`Uploading ${what}`} />
        <span>
          Uploading {what}… {percent}%
        </span>
      </div>
    );
  }
  if (!error) return null;
  return (
    <div role="alert" className="error-message">
      {attachmentErrorText(error)}
    </div>
  );
}
