import { useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import type { Section } from '../../project-metadata';
import { buildSectionTree, type SectionNode } from '../section-tree';
import { SectionEditor } from './section-editor';

interface Props {
  projectId: number;
  sections: Section[];
  error: unknown;
  selectedId: number | undefined;
  onSelect: (sectionId: number | undefined) => void;
  canWrite: boolean;
  canDelete: boolean;
}

function TreeNodes({
  nodes,
  selectedId,
  onSelect,
  collapsed,
  toggle,
}: {
  nodes: SectionNode<Section>[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  collapsed: Set<number>;
  toggle: (id: number) => void;
}) {
  return (
    <ul>
      {nodes.map(({ section, children }) => {
        const open = !collapsed.has(section.sectionId);
        return (
          <li key={section.sectionId}>
            <div className="tree-row">
              {children.length > 0 ? (
                <button
                  type="button"
                  className="tree-toggle"
                  aria-expanded={open}
                  aria-label={`${open ? 'Collapse' : 'Expand'} ${section.sectionName}`}
                  onClick={() => toggle(section.sectionId)}
                >
                  {open ? '▾' : '▸'}
                </button>
              ) : (
                <span className="tree-toggle" aria-hidden="true" />
              )}
              <button
                type="button"
                className="tree-section"
                aria-current={selectedId === section.sectionId ? 'true' : undefined}
                onClick={() => onSelect(section.sectionId)}
              >
                <bdi>{section.sectionName}</bdi>
              </button>
            </div>
            {open && children.length > 0 && (
              <TreeNodes nodes={children} selectedId={selectedId} onSelect={onSelect} collapsed={collapsed} toggle={toggle} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The section tree: choosing a section filters the list to its subtree; Users edit it. On a
 * narrow screen it folds behind a button (closed at first, and again once a section is
 * chosen), so the tests come first.
 */
export function SectionTreePanel({ projectId, sections, error, selectedId, onSelect, canWrite, canDelete }: Props) {
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState(false);
  const toggle = (id: number) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const choose = (id: number | undefined) => {
    setOpen(false);
    onSelect(id);
  };
  const selected = sections.find((s) => s.sectionId === selectedId);
  return (
    <section className="section-tree" data-open={open} aria-labelledby="sections-heading">
      <div className="section-tree-head">
        <h2 id="sections-heading">Sections</h2>
        <button
          type="button"
          className="button secondary small tree-disclosure"
          aria-expanded={open}
          aria-controls="section-tree-body"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide sections' : 'Show sections'}
        </button>
      </div>
      <div id="section-tree-body" className="section-tree-body">
        <ErrorMessage error={error} />
        <div className="tree">
          <div className="tree-row">
            <span className="tree-toggle" aria-hidden="true" />
            <button
              type="button"
              className="tree-section"
              aria-current={selectedId === undefined ? 'true' : undefined}
              onClick={() => choose(undefined)}
            >
              All tests
            </button>
          </div>
          <TreeNodes nodes={buildSectionTree(sections)} selectedId={selectedId} onSelect={choose} collapsed={collapsed} toggle={toggle} />
        </div>
        {canWrite && (
          <SectionEditor projectId={projectId} sections={sections} selected={selected} onSelect={onSelect} canDelete={canDelete} />
        )}
      </div>
    </section>
  );
}
