import { useState, type KeyboardEvent } from 'react';

const MOVES: Record<string, (r: number, c: number, rows: number, cols: number) => [number, number]> = {
  ArrowUp: (r, c) => [r - 1, c],
  ArrowDown: (r, c) => [r + 1, c],
  ArrowLeft: (r, c) => [r, c - 1],
  ArrowRight: (r, c) => [r, c + 1],
  Home: (r) => [r, 0],
  End: (r, _c, _rows, cols) => [r, cols - 1],
  PageUp: (_r, c) => [0, c],
  PageDown: (_r, c, rows) => [rows - 1, c],
};

/**
 * Keyboard navigation of a grid (the ARIA grid pattern): one cell is in the tab order, the arrows
 * move between cells, Home and End to the row's ends, Page Up and Down to the first and last row.
 * Cells carry `data-cell="row-col"`; the hook keeps the active one inside the grid as it shrinks.
 */
export function useGridKeys(rows: number, cols: number) {
  const [active, setActive] = useState<[number, number]>([0, 0]);
  const r = Math.min(active[0], Math.max(0, rows - 1));
  const c = Math.min(active[1], Math.max(0, cols - 1));

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const [nr, nc] = move(r, c, rows, cols);
    const next: [number, number] = [Math.max(0, Math.min(rows - 1, nr)), Math.max(0, Math.min(cols - 1, nc))];
    setActive(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-cell="${next[0]}-${next[1]}"]`)?.focus();
  };

  return {
    onKeyDown,
    cell: (row: number, col: number) => ({
      'data-cell': `${row}-${col}`,
      tabIndex: row === r && col === c ? 0 : -1,
      onFocus: () => setActive([row, col]),
    }),
  };
}
