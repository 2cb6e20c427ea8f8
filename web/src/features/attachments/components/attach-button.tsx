import { useRef } from 'react';

/** "Attach files": a button (in the tab order) opening the browser's file picker; the chosen files go to `onFiles`. */
export function AttachButton({ onFiles, busy }: { onFiles: (files: File[]) => void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="button secondary attach-button" disabled={busy} onClick={() => input.current?.click()}>
        Attach files
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-attach-input
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Cleared, so choosing the same file again is a change too.
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
