import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One set of bars; a null draws nothing at that row (a row's bar is in one set: a colour per rating). */
export interface BarSet {
  readonly values: readonly (number | null)[];
  /** A colour token of tokens.css (`--c-…`), read when the chart is drawn. */
  readonly color: string;
}

/** A dashed line across the bars at a value (a Web Vital's limit). */
export interface ValueLine {
  readonly value: number;
  readonly color: string;
}

export interface BarChartProps {
  /** One row per label, top to bottom in this order. */
  readonly labels: readonly string[];
  readonly sets: readonly BarSet[];
  /** Written at the end of each row's bar (the figure itself, so the chart reads without the axis). */
  readonly valueLabels: readonly string[];
  /** The value axis' ticks. */
  readonly formatTick: (value: number) => string;
  readonly lines?: readonly ValueLine[];
  /** Right to left: labels on the right, bars growing leftwards. */
  readonly rtl: boolean;
}

const ROW_PX = 36;
const AXIS_PX = 28;
const FONT_PX = 13;
/** Room at the far end of the value axis for the figure written after the longest bar. */
const HEADROOM = 1.3;

function token(name: string, fallback: string): string {
  const v = typeof getComputedStyle === 'function' ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : '';
  return v || fallback;
}

function fontFamily(el: HTMLElement): string {
  return (typeof getComputedStyle === 'function' && getComputedStyle(el).fontFamily) || 'system-ui, sans-serif';
}

/** The width of the widest label in CSS pixels, in the chart's font (a canvas of its own measures it). */
function widest(labels: readonly string[], font: string): number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return 96;
  ctx.font = font;
  return Math.max(0, ...labels.map((l) => ctx.measureText(l).width));
}

/**
 * A horizontal bar chart drawn by uPlot on a canvas: a row per label (a step's name, an error's
 * code), the value along the bottom axis, the figure written at each bar's end, optional dashed
 * lines at given values. The canvas is hidden from assistive technology (`aria-hidden`): every
 * figure it draws is in the table beside it (ops-figure.tsx), which is the accessible form.
 */
export function BarChart({ labels, sets, valueLabels, formatTick, lines = [], rtl }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const family = fontFamily(el);
    const cssFont = `${FONT_PX}px ${family}`;
    const text = token('--c-text', '#1c1b1f');
    const muted = token('--c-border', '#cfc8da');
    const max = Math.max(1, ...sets.flatMap((s) => s.values.map((v) => v ?? 0)), ...lines.map((l) => l.value)) * HEADROOM;
    const labelWidth = Math.min(widest(labels, cssFont) + 16, Math.max(96, el.clientWidth * 0.45));
    const height = labels.length * ROW_PX + AXIS_PX + 8;
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { show: false, drag: { x: false, y: false } },
      padding: [4, rtl ? 8 : 16, 0, rtl ? 16 : 8],
      scales: {
        // The rows: vertical, the first label at the top.
        x: { time: false, ori: 1, dir: -1, range: [-0.5, labels.length - 0.5] },
        // The values: horizontal, growing away from the labels (leftwards in Arabic).
        y: { ori: 0, dir: rtl ? -1 : 1, range: [0, max] },
      },
      axes: [
        {
          scale: 'x',
          side: rtl ? 1 : 3,
          size: labelWidth,
          font: cssFont,
          stroke: text,
          grid: { show: false },
          ticks: { show: false },
          splits: () => labels.map((_, i) => i),
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        },
        {
          scale: 'y',
          side: 2,
          size: AXIS_PX,
          font: `12px ${family}`,
          stroke: text,
          grid: { stroke: muted, width: 1 },
          ticks: { show: false },
          values: (_u, splits) => splits.map((v) => (v <= max / HEADROOM + 1e-9 ? formatTick(v) : '')),
        },
      ],
      series: [
        {},
        ...sets.map((s) => {
          const color = token(s.color, '#5b2a86');
          return { scale: 'y', fill: color, stroke: color, width: 0, points: { show: false }, paths: uPlot.paths.bars?.({ size: [0.6, 24] }) };
        }),
      ],
      hooks: {
        draw: [
          (u) => {
            const ctx = u.ctx;
            const r = uPlot.pxRatio;
            ctx.save();
            const { left, top, width, height: h } = u.bbox;
            for (const line of lines) {
              const x = u.valToPos(line.value, 'y', true);
              if (x < left || x > left + width) continue;
              ctx.strokeStyle = token(line.color, '#595959');
              ctx.lineWidth = 2 * r;
              ctx.setLineDash([6 * r, 4 * r]);
              ctx.beginPath();
              ctx.moveTo(x, top);
              ctx.lineTo(x, top + h);
              ctx.stroke();
            }
            ctx.setLineDash([]);
            ctx.font = `${Math.round(FONT_PX * r)}px ${family}`;
            ctx.fillStyle = text;
            ctx.textBaseline = 'middle';
            ctx.textAlign = rtl ? 'right' : 'left';
            labels.forEach((_, i) => {
              const value = sets.map((s) => s.values[i]).find((v) => v !== null && v !== undefined);
              const label = valueLabels[i];
              if (value === undefined || value === null || !label) return;
              const x = u.valToPos(value, 'y', true) + (rtl ? -6 : 6) * r;
              ctx.fillText(label, x, u.valToPos(i, 'x', true));
            });
            ctx.restore();
          },
        ],
      },
    };
    const xs = labels.map((_, i) => i);
    const data = [xs, ...sets.map((s) => s.values.map((v) => v ?? null))] as uPlot.AlignedData;
    const chart = new uPlot(opts, data, el);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            const w = Math.max(200, el.clientWidth);
            if (w !== chart.width) chart.setSize({ width: w, height });
          });
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [labels, sets, valueLabels, formatTick, lines, rtl]);
  return <div ref={box} className="ops-chart" aria-hidden="true" />;
}
