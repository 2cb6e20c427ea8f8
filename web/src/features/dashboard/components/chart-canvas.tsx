import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type uPlot from 'uplot';

/**
 * uPlot formats numbers for `navigator.language` as it loads, and Intl refuses some tags browsers
 * give (Chromium under LANG=C says "en-US@posix"): such a tag is given without its "@" part.
 */
function usableLanguage() {
  try {
    if (Intl.getCanonicalLocales(navigator.language).length > 0) return;
  } catch {
    // Not a tag Intl takes: mended below.
  }
  Object.defineProperty(navigator, 'language', { value: navigator.language.replace(/@.*$/, '') || 'en', configurable: true });
}

/** uPlot is loaded with the first chart shown, so the rest of the app does not carry it. */
let loading: Promise<typeof uPlot> | undefined;
const loadUplot = () => {
  usableLanguage();
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([m]) => m.default);
  // A failed load is tried again by the next chart.
  loading.catch(() => (loading = undefined));
  return loading;
};

export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

interface Props {
  /** The chart's accessible name and short summary (the canvas is one image to assistive technology). */
  label: string;
  height: number;
  data: uPlot.AlignedData;
  /** The chart's options, given the uPlot class (its path builders and time zones). */
  options: (U: typeof uPlot) => ChartOptions;
  /** The lines of the tooltip of the point (index into the data) under the cursor or chosen by the keyboard. */
  tooltip: (index: number) => string[];
}

/**
 * A uPlot chart as wide as its container (it follows resizes), with a tooltip for the point under the
 * pointer. It takes focus: the arrow keys (Home, End) step the tooltip through the points, Escape hides it.
 */
export function ChartCanvas({ label, height, data, options, tooltip }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const step = useRef(-1);
  const [failed, setFailed] = useState(false);
  const tooltipRef = useRef(tooltip);
  useEffect(() => {
    tooltipRef.current = tooltip;
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    let gone = false;
    let observer: ResizeObserver | undefined;
    loadUplot().then(
      (U) => {
        if (gone) return;
        const tip = document.createElement('div');
        tip.className = 'chart-tooltip';
        tip.hidden = true;
        const show = (u: uPlot) => {
          const i = u.cursor.idx;
          if (i === null || i === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
            tip.hidden = true;
            return;
          }
          tip.replaceChildren(...tooltipRef.current(i).map((line) => Object.assign(document.createElement('div'), { textContent: line })));
          tip.hidden = false;
          const x = u.valToPos(u.data[0][i], 'x');
          // The tooltip sits beside the point, on the side with more room.
          tip.style.left = x > u.over.clientWidth / 2 ? `${x - tip.offsetWidth - 12}px` : `${x + 12}px`;
          tip.style.top = '4px';
        };
        const base = options(U);
        plot.current = new U(
          {
            ...base,
            width: el.clientWidth,
            height,
            hooks: { ...base.hooks, ready: [(u) => u.over.appendChild(tip)], setCursor: [show] },
          },
          data,
          el,
        );
        observer = new ResizeObserver(() => plot.current?.setSize({ width: el.clientWidth, height }));
        observer.observe(el);
      },
      (error: unknown) => {
        console.error('The chart library did not load', error);
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      observer?.disconnect();
      plot.current?.destroy();
      plot.current = null;
      step.current = -1;
    };
  }, [data, height, options]);

  const onKeyDown = (e: KeyboardEvent) => {
    const u = plot.current;
    const count = data[0].length;
    if (!u || count === 0) return;
    const moves: Record<string, number> = { ArrowLeft: step.current - 1, ArrowRight: step.current + 1, Home: 0, End: count - 1 };
    if (e.key === 'Escape') {
      step.current = -1;
      u.setCursor({ left: -10, top: -10 });
      return;
    }
    if (!(e.key in moves)) return;
    e.preventDefault();
    step.current = Math.min(count - 1, Math.max(0, step.current < 0 && e.key === 'ArrowLeft' ? count - 1 : moves[e.key]));
    u.setCursor({ left: u.valToPos(data[0][step.current], 'x'), top: u.over.clientHeight / 2 });
  };

  return (
    <div
      ref={box}
      className="chart-canvas"
      role="img"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onBlur={() => plot.current?.setCursor({ left: -10, top: -10 })}
      style={{ minHeight: height }}
    >
      {failed && <p className="muted">The chart could not be drawn here; the table below holds its data.</p>}
    </div>
  );
}
