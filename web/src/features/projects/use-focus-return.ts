import { useEffect, useRef, type RefObject } from 'react';

/**
 * Returns keyboard focus to a control once a form that replaced it has closed: call
 * `focusAfterRender(ref)` with the state change that closes it. The focus happens after React
 * has rendered the control again (an animation frame can come before that render). `view` is the
 * state that switches between the form and the control (e.g. the row's mode).
 */
export function useFocusReturn(view: unknown) {
  const target = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    target.current?.current?.focus();
    target.current = null;
  }, [view]);
  return (ref: RefObject<HTMLElement | null>) => {
    target.current = ref;
  };
}
