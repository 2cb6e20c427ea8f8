import { useEffect, useEffectEvent, useRef, useState, type DragEvent } from 'react';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Files dropped on an element: spread the returned handlers on it; `dragging` is true while files
 * are dragged over it (to show the drop target). Disabled, a drop is left to the browser.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them to know when the pointer has left.
  const depth = useRef(0);
  const off = () => {
    depth.current = 0;
    setDragging(false);
  };
  if (!enabled) return { dragging: false, handlers: {} };
  return {
    dragging,
    handlers: {
      onDragEnter: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault(); // allows the drop
        e.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: () => {
        depth.current -= 1;
        if (depth.current <= 0) off();
      },
      onDrop: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        off();
        const files = Array.from(e.dataTransfer.files);
        if (files.length) onFiles(files);
      },
    },
  };
}

/**
 * Files pasted anywhere on the page (Ctrl/Cmd+V of a screenshot) while `enabled`: text pastes are
 * left alone, also in text fields; a paste that carries files gives them to `onFiles`.
 */
export function usePastedFiles(enabled: boolean, onFiles: (files: File[]) => void) {
  const onPaste = useEffectEvent((e: ClipboardEvent) => {
    const files = Array.from(e.clipboardData?.files ?? []);
    if (files.length === 0) return;
    e.preventDefault();
    // A pasted screenshot is named image.png by every browser: a time in its name tells them apart.
    onFiles(files.map((f) => (f.name === 'image.png' ? new File([f], `screenshot-${stamp()}.png`, { type: f.type }) : f)));
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (e: ClipboardEvent) => onPaste(e);
    document.addEventListener('paste', listener);
    return () => document.removeEventListener('paste', listener);
  }, [enabled]);
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');

/**
 * Files dropped outside a drop target stay with the page: the browser would otherwise open the
 * file in place of the app. Drop targets handle their own drops before this sees them.
 */
export function useStrayDropGuard() {
  useEffect(() => {
    const guard = (e: globalThis.DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    window.addEventListener('dragover', guard);
    window.addEventListener('drop', guard);
    return () => {
      window.removeEventListener('dragover', guard);
      window.removeEventListener('drop', guard);
    };
  }, []);
}
