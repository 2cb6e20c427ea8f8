import type { Section } from '../../project-metadata';
import { sectionPath } from '../section-tree';

/** A <select> of sections by their path ("Auth > Login"), with a first "none" option. */
export function SectionSelect({
  id,
  sections,
  all,
  value,
  onChange,
  noneLabel,
}: {
  id: string;
  /** The sections offered (e.g. move targets). */
  sections: Section[];
  /** Every section, to name paths. */
  all: Section[];
  value: number | null;
  onChange: (sectionId: number | null) => void;
  noneLabel: string;
}) {
  return (
    <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
      <option value="">{noneLabel}</option>
      {sections.map((s) => (
        <option key={s.sectionId} value={s.sectionId}>
          {sectionPath(all, s.sectionId)}
        </option>
      ))}
    </select>
  );
}
