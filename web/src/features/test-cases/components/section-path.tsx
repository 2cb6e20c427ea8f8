import { Fragment } from 'react';

/** A section's path, each user-written name isolated (<bdi>) so one name's text direction cannot reorder the rest. */
export function SectionPath({ names, className }: { names: readonly string[]; className?: string }) {
  return (
    <span className={className}>
      {names.map((name, i) => (
        <Fragment key={i}>
          {i > 0 && ' > '}
          <bdi>{name}</bdi>
        </Fragment>
      ))}
    </span>
  );
}
