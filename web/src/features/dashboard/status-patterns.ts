import { STATUS_COLORS, STATUS_LABELS } from '../../lib/status-counts';

// The results-per-day chart tells the statuses apart by texture as well as colour (solid,
// stripes, cross-hatch, dots), so colour is not the only thing that carries them; the legend's
// swatches show the same textures in CSS.

export const DAY_STATUSES = ['passed', 'failed', 'blocked', 'retest'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];
export { STATUS_COLORS, STATUS_LABELS };

const TILE = 8;

const made = new WeakMap<CanvasRenderingContext2D, Map<DayStatus, CanvasPattern | string>>();

/** The canvas pattern of a status: its colour, with white marks but for passed (made once per canvas). */
export function statusPattern(ctx: CanvasRenderingContext2D, status: DayStatus): CanvasPattern | string {
  const kept = made.get(ctx) ?? new Map<DayStatus, CanvasPattern | string>();
  made.set(ctx, kept);
  if (!kept.has(status)) kept.set(status, drawPattern(ctx, status));
  return kept.get(status)!;
}

function drawPattern(ctx: CanvasRenderingContext2D, status: DayStatus): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = TILE;
  tile.height = TILE;
  const c = tile.getContext('2d');
  if (!c) return STATUS_COLORS[status];
  c.fillStyle = STATUS_COLORS[status];
  c.fillRect(0, 0, TILE, TILE);
  c.strokeStyle = '#fff';
  c.fillStyle = '#fff';
  c.lineWidth = 1.5;
  if (status === 'failed' || status === 'blocked') {
    c.beginPath();
    c.moveTo(0, TILE);
    c.lineTo(TILE, 0);
    if (status === 'blocked') {
      c.moveTo(0, 0);
      c.lineTo(TILE, TILE);
    }
    c.stroke();
  } else if (status === 'retest') {
    c.beginPath();
    c.arc(TILE / 2, TILE / 2, 1.6, 0, Math.PI * 2);
    c.fill();
  }
  return ctx.createPattern(tile, 'repeat') ?? STATUS_COLORS[status];
}
