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

/** Tick steps of a count axis: 1, 2, 5, 10, 20, 50, ... up to 5 million. */
const WHOLE_INCREMENTS = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000].flatMap((p) => [p, 2 * p, 5 * p]);

export interface BarChartProps {
  /** One row per label, top to bottom in this order. */
  readonly labels: readonly string[];
  readonly sets: readonly BarSet[];
  /** Written at the end of each row's bar (the figure itself, so the chart reads without the axis). */
  readonly valueLabels: readonly string[];
  /** The value axis' ticks. */
  readonly formatTick: (value: number) => string;
  /** Counts: ticks only at whole numbers (with few visitors a fractional step read "2 2 1 1 1 0"). */
  readonly wholeTicks?: boolean;
  readonly lines?: readonly ValueLine[];
  /** Right to left: labels on the right, bars growing leftwards. */
  readonly rtl: boolean;
}

const ROW_PX = 36;
const AXIS_PX = 28;
const FONT_PX = 13;
/** Between a bar's end and its figure, and the figure and the edge, in CSS pixels. */
const GAP_PX = 8;

function token(name: string, fallback: string): string {
  const v = typeof getComputedStyle === 'function' ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : '';
  return v || fallback;
}

function fontFamily(el: HTMLElement): string {
  return (typeof getComputedStyle === 'function' && getComputedStyle(el).fontFamily) || 'system-ui, sans-serif';
}

/** Each text's width in CSS pixels, in the chart's font (a canvas of its own measures them). */
function widths(texts: readonly string[], font: string): number[] {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return texts.map((t) => t.length * 8);
  ctx.font = font;
  return texts.map((t) => ctx.measureText(t).width);
}

/** Whether a bar of `value` on an axis ending at `max`, `plot` pixels long, holds its figure (`label` pixels wide) inside. */
export const figureInside = (value: number, label: number, max: number, plot: number): boolean => (value / max) * plot >= label + 2 * GAP_PX;

/**
 * The value axis' end: past every line and far enough that every bar's figure fits, inside the
 * bar where the bar is long enough, after it otherwise (an Arabic "4,600 ملّي ثانية" is twice
 * as wide as "4,600 ms"). A longer axis shortens every bar, so a figure that fitted inside may no
 * longer: a few rounds settle it.
 */
export function valueAxisMax(values: readonly (number | null)[], labelWidths: readonly number[], lines: readonly number[], plot: number): number {
  // A chart of nothing but zeros still has an axis (CLS is below 1: no floor of 1).
  let max = (Math.max(0, ...values.map((v) => v ?? 0), ...lines) || 1) * 1.05;
  for (let round = 0; round < 4; round++) {
    const before = max;
    values.forEach((v, i) => {
      const label = labelWidths[i] ?? 0;
      const room = plot - label - 2 * GAP_PX;
      if (v && !figureInside(v, label, max, plot) && room > plot / 4) max = Math.max(max, (v * plot) / room);
    });
    if (max === before) break;
  }
  return max;
}

/**
 * A horizontal bar chart drawn by uPlot on a canvas: a row per label (a step's name, an error's
 * code), the value along the bottom axis, the figure written at each bar's end, optional dashed
 * lines at given values. The canvas is hidden from assistive technology (`aria-hidden`): every
 * figure it draws is in the table beside it (ops-figure.tsx), which is the accessible form.
 */
export function BarChart({ labels, sets, valueLabels, formatTick, wholeTicks = false, lines = [], rtl }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const family = fontFamily(el);
    const cssFont = `${FONT_PX}px ${family}`;
    const text = token('--c-text', '#1c1b1f');
    const muted = token('--c-border', '#cfc8da');
    const surface = token('--c-surface-raised', '#ffffff');
    const labelWidth = Math.min(Math.max(0, ...widths(labels, cssFont)) + 2 * GAP_PX, Math.max(96, el.clientWidth * 0.45));
    const height = labels.length * ROW_PX + AXIS_PX + 8;
    // Each row's value (a row's bar is in one set) and the width of the figure written after it.
    const rowValues = labels.map((_, i) => sets.map((s) => s.values[i]).find((v) => v !== null && v !== undefined) ?? null);
    const figureWidths = widths(valueLabels, cssFont);
    const plotWidth = (w: number) => w - labelWidth - 24;
    const maxFor = (w: number) => valueAxisMax(rowValues, figureWidths, lines.map((l) => l.value), plotWidth(w));
    const width = Math.max(200, el.clientWidth);
    const opts: uPlot.Options = {
      width,
      height,
      legend: { show: false },
      cursor: { show: false, drag: { x: false, y: false } },
      padding: [4, rtl ? 8 : 16, 0, rtl ? 16 : 8],
      scales: {
        // The rows: vertical, the first label at the top.
        x: { time: false, ori: 1, dir: -1, range: [-0.5, labels.length - 0.5] },
        // The values: horizontal, growing away from the labels (leftwards in Arabic).
        y: { ori: 0, dir: rtl ? -1 : 1, range: [0, maxFor(width)] },
      },
      axes: [
        {
          scale: 'x',
          side: rtl ? 1 : 3,
          size: labelWidth,
          gap: GAP_PX,
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
          // At least this far apart: "1,000" and "1,250" must not touch.
          space: 64,
          grid: { stroke: muted, width: 1 },
          ticks: { show: false },
          ...(wholeTicks ? { incrs: WHOLE_INCREMENTS } : {}),
          values: (_u, splits) => splits.map(formatTick),
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
            ctx.textBaseline = 'middle';
            const scale = u.scales.y;
            const axisMax = scale?.max ?? 1;
            rowValues.forEach((value, i) => {
              const label = valueLabels[i];
              if (value === null || !label) return;
              // Inside the bar's end where it fits (in white: 4.5:1 or more on every bar colour), after it otherwise.
              const inside = figureInside(value, figureWidths[i] ?? 0, axisMax, u.bbox.width / r);
              const away = inside ? !rtl : rtl;
              ctx.fillStyle = inside ? '#ffffff' : text;
              ctx.textAlign = away ? 'right' : 'left';
              const x = u.valToPos(value, 'y', true) + (away ? -GAP_PX : GAP_PX) * r;
              const y = u.valToPos(i, 'x', true);
              if (!inside) {
                // A halo of the card's colour: the figure stays legible where a limit's line crosses it.
                ctx.strokeStyle = surface;
                ctx.lineWidth = 4 * r;
                ctx.lineJoin = 'round';
                ctx.strokeText(label, x, y);
              }
              ctx.fillText(label, x, y);
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
            if (w === chart.width) return;
            chart.setSize({ width: w, height });
            // The figures' room changed with the width: so does the value axis' end.
            chart.setScale('y', { min: 0, max: maxFor(w) });
          });
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [labels, sets, valueLabels, formatTick, wholeTicks, lines, rtl]);
  return <div ref={box} className="ops-chart" aria-hidden="true" />;
}
