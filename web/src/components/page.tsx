import { useEffect, type ReactNode } from 'react';

/** A screen's heading, which also names the browser tab. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Casebook`;
  }, [title]);
  return (
    <>
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** A screen not built yet. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page title={title}>
      <p className="muted">This screen is coming soon.</p>
      {children}
    </Page>
  );
}
