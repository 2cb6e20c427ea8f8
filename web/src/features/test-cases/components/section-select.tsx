import { IdSelect } from '../../../components/id-select';
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
  const options = sections.map((s) => ({ id: s.sectionId, name: sectionPath(all, s.sectionId) }));
  return <IdSelect id={id} value={value} options={options} none={noneLabel} onChange={onChange} />;
}
