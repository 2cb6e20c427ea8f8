import { useEffect, useRef, useState } from 'react';

interface Props {
  id: string;
  label: string;
  /** The applied value (from the address). */
  value: string | undefined;
  onCommit: (value: string) => void;
  type?: 'search' | 'text' | 'number' | 'date';
  className?: string;
  maxLength?: number;
}

/** A filter typed into, applied a moment after the typing stops (not at each key), its text trimmed. */
export function TypedFilter({ id, label, value, onCommit, type = 'text', className, maxLength }: Props) {
  const [text, setText] = useState(value ?? '');
  // A value changed elsewhere (the address, a reset) replaces the typed text (set while rendering: React's way to follow a prop).
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    setText(value ?? '');
  }
  // The latest callback, without restarting the wait when the caller renders a new one.
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    if (text.trim() === (value ?? '')) return;
    const timer = setTimeout(() => commit.current(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className={className ? `filter ${className}` : 'filter'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        step={type === 'number' ? 'any' : undefined}
        value={text}
        maxLength={maxLength}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
