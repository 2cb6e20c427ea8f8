// The catalog's test selection, kept apart from React so its rules are unit-tested
// (test/web/unit/catalog-selection.test.ts). Rows are addressed by their index in the current
// (filtered) list; the selection itself holds test ids, so it survives paging and refetches.

export interface Selection {
  readonly ids: ReadonlySet<number>;
  /** Index of the last row clicked without shift: the start of the next shift-click range. */
  readonly anchor: number | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null };

export const isSelected = (selection: Selection, id: number) => selection.ids.has(id);

/** A plain click: flips one test and makes its row the anchor of a later range. */
export function toggle(selection: Selection, index: number, id: number): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: index };
}

/** The rows a shift-click on `index` covers: from the anchor (or the row itself) to it, both included. */
export function rangeBounds(selection: Selection, index: number): [number, number] {
  const anchor = selection.anchor ?? index;
  return anchor <= index ? [anchor, index] : [index, anchor];
}

/**
 * A shift-click: every row from the anchor to `index` takes the clicked row's new state (selected
 * when it was not), as in a mail client. `idAt` gives the test id of a row; rows it does not know
 * (pages not loaded) are skipped, so callers load the range first. The anchor stays put, so
 * another shift-click re-extends from the same start.
 */
export function selectRange(selection: Selection, index: number, idAt: (index: number) => number | undefined): Selection {
  const clicked = idAt(index);
  if (clicked === undefined) return selection;
  const select = !selection.ids.has(clicked);
  const [from, to] = rangeBounds(selection, index);
  const ids = new Set(selection.ids);
  for (let i = from; i <= to; i += 1) {
    const id = idAt(i);
    if (id === undefined) continue;
    if (select) ids.add(id);
    else ids.delete(id);
  }
  return { ids, anchor: selection.anchor ?? index };
}

/** Adds tests (e.g. all that match the filters) to the selection. */
export function selectIds(selection: Selection, ids: Iterable<number>): Selection {
  return { ids: new Set([...selection.ids, ...ids]), anchor: selection.anchor };
}

/** Drops the given tests (e.g. after they were deleted). */
export function deselectIds(selection: Selection, ids: Iterable<number>): Selection {
  const next = new Set(selection.ids);
  for (const id of ids) next.delete(id);
  return { ids: next, anchor: selection.anchor };
}

/** The rows moved (filters changed): keep the tests, forget the anchor. */
export const forgetAnchor = (selection: Selection): Selection => ({ ids: selection.ids, anchor: null });

/** Selected ids in batches of at most `size` (bulk calls take ≤ 5000), ascending. */
export function selectionChunks(selection: Selection, size: number): number[][] {
  if (size < 1) throw new RangeError('size must be at least 1');
  const ids = [...selection.ids].sort((a, b) => a - b);
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}

/** The pages (of `pageSize` rows) that hold rows `from`..`to`. */
export function pagesCovering(from: number, to: number, pageSize: number): number[] {
  const pages: number[] = [];
  for (let p = Math.floor(from / pageSize); p <= Math.floor(to / pageSize); p += 1) pages.push(p);
  return pages;
}
