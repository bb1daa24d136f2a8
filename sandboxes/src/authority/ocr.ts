import { createCanvas, type Canvas, type Image } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, PSM, type Worker as TesseractWorker } from 'tesseract.js';
import { parseMrzLines, type MrzOutcome } from './mrz';

/**
 * Finds and reads the machine readable zone of a document photo with tesseract.js (its trained
 * data from @tesseract.js-data/eng, on disk: nothing is fetched).
 *
 * Tesseract's English model reads OCR-B letters and digits well but the filler `<` poorly: it
 * comes out as `<`, K, L, or two symbols. So the line is laid on the MRZ's grid (OCR-B is
 * monospaced, a line has 44 or 30 characters): each cell takes the symbol tesseract put there,
 * and a cell whose symbol is `<`, K or L, or which got two symbols or none, is decided from its
 * pixels: K and L have a full-height stem on the left, the chevron `<` only touches the left
 * side at mid-height.
 */
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
const OCR_WIDTH = 1000;

export interface MrzReader {
  /** The document of the image's MRZ, or why not (-606 none found, -608 check digits, -646 document code). */
  read(image: Image): Promise<MrzOutcome>;
  close(): Promise<void>;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface Sym {
  text: string;
  bbox: Box;
}

function langPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export async function createMrzReader(): Promise<MrzReader> {
  const worker: TesseractWorker = await createWorker('eng', 1, { langPath: langPath(), cacheMethod: 'none', gzip: true });
  await worker.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
  return {
    async read(image) {
      // The MRZ is at the bottom of a document; a document held up to a camera may sit anywhere.
      // Every group of lines of the right shape is tried; a failure names the most telling code.
      let best: MrzOutcome = { ok: false, code: -606 };
      for (const band of [0.5, 1]) {
        for (const lines of await readBand(worker, image, band)) {
          const outcome = parseMrzLines(lines);
          if (outcome.ok) return outcome;
          if (best.ok === false && best.code === -606) best = outcome;
          else if (outcome.code === -608 && lines[0]?.[0] === 'P') best = outcome;
        }
        if (!best.ok && best.code !== -606) return best;
      }
      return best;
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** The bottom `fraction` of the image, grey, scaled to OCR_WIDTH. */
async function readBand(worker: TesseractWorker, image: Image, fraction: number): Promise<string[][]> {
  const y0 = Math.floor(image.height * (1 - fraction));
  const h = image.height - y0;
  const scale = OCR_WIDTH / image.width;
  const canvas = createCanvas(OCR_WIDTH, Math.max(1, Math.round(h * scale)));
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, y0, image.width, h, 0, 0, canvas.width, canvas.height);
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const grey = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0, j = 0; j < grey.length; i += 4, j++) {
    grey[j] = Math.round(0.299 * (pixels.data[i] ?? 0) + 0.587 * (pixels.data[i + 1] ?? 0) + 0.114 * (pixels.data[i + 2] ?? 0));
  }
  const result = await worker.recognize(canvas.toBuffer('image/png'), {}, { blocks: true, text: false });
  const lines: { symbols: Sym[]; bbox: Box; grid: Grid | null }[] = [];
  for (const block of result.data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const symbols: Sym[] = line.words.flatMap((w) => w.symbols.map((s) => ({ text: s.text, bbox: s.bbox })));
        if (symbols.length >= 20) lines.push({ symbols, bbox: line.bbox, grid: gridOf(symbols) });
      }
    }
  }
  // A line whose end tesseract dropped (trailing fillers) takes the grid of its neighbour in the MRZ.
  lines.forEach((line, i) => {
    if (line.grid) return;
    const left = line.symbols[0]?.bbox.x0 ?? 0;
    const neighbour = [lines[i - 1]?.grid, lines[i + 1]?.grid].find((g) => g && Math.abs(g.start - left) < 2 * g.pitch);
    if (neighbour) line.grid = neighbour;
  });
  const found: { length: number; text: string }[] = [];
  for (const line of lines) {
    const read = line.grid ? onGrid(line.symbols, line.bbox, line.grid, { grey, width: canvas.width }) : null;
    if (read && line.grid && read.unsure.length > 0 && read.unsure.length <= 4) {
      const chars = [...read.text];
      for (const i of read.unsure) chars[i] = (await readOneCell(worker, canvas, line.grid, line.bbox, i)) ?? chars[i] ?? '<';
      read.text = chars.join('');
    }
    found.push(read ?? { length: 0, text: '' });
  }
  // Two lines of 44 (a passport) or three of 30 (an identity card), one after the other.
  const groups: string[][] = [];
  for (let i = 0; i < found.length; i++) {
    const a = found[i];
    const b = found[i + 1];
    const c = found[i + 2];
    if (a?.length === 44 && b?.length === 44) groups.push([a.text, b.text]);
    if (a?.length === 30 && b?.length === 30 && c?.length === 30) groups.push([a.text, b.text, c.text]);
  }
  return groups;
}

/** One cell cut out, enlarged, on a white margin, read as a single character (no filler: the pixels said it is none). */
async function readOneCell(worker: TesseractWorker, source: Canvas, grid: Grid, line: Box, i: number): Promise<string | null> {
  const x = Math.max(0, Math.floor(grid.start + (i - 0.05) * grid.pitch));
  const w = Math.ceil(grid.pitch * 1.1);
  const y = Math.max(0, line.y0 - 3);
  const h = line.y1 - line.y0 + 6;
  const cell = createCanvas(w * 3 + 40, h * 3 + 40);
  const ctx = cell.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, cell.width, cell.height);
  ctx.drawImage(source, x, y, w, h, 20, 20, w * 3, h * 3);
  await worker.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET.replace('<', ''), tessedit_pageseg_mode: PSM.SINGLE_CHAR });
  try {
    const result = await worker.recognize(cell.toBuffer('image/png'));
    const text = result.data.text.trim();
    return text.length === 1 ? text : null;
  } finally {
    await worker.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
  }
}

interface Grey {
  grey: Uint8Array;
  width: number;
}

interface Grid {
  length: number;
  start: number;
  pitch: number;
}

/** The grid of an MRZ line (44 or 30 cells) from where its ink starts and ends, or null when it is no MRZ line. */
function gridOf(symbols: Sym[]): Grid | null {
  const first = symbols[0];
  const last = symbols[symbols.length - 1];
  if (!first || !last) return null;
  const left = first.bbox.x0;
  const right = last.bbox.x1;
  const heights = symbols.map((s) => s.bbox.y1 - s.bbox.y0).sort((p, q) => p - q);
  const height = heights[heights.length >> 1] ?? 1;
  // OCR-B: an advance of 0.72 em, capitals 0.72 em high; the ink of a line spans (n - 0.3) advances.
  const guess = (right - left) / height + 0.3;
  const length = Math.abs(guess - 44) < 6 ? 44 : Math.abs(guess - 30) < 5 ? 30 : 0;
  if (!length) return null;
  const pitch = (right - left) / (length - 0.3);
  return { length, pitch, start: left - 0.15 * pitch };
}

/** Reads a line cell by cell on its grid. */
function onGrid(symbols: Sym[], bbox: Box, grid: Grid, img: Grey): { length: number; text: string; unsure: number[] } {
  const { length, pitch, start } = grid;
  const cells: Sym[][] = Array.from({ length }, () => []);
  for (const s of symbols) {
    const i = Math.floor(((s.bbox.x0 + s.bbox.x1) / 2 - start) / pitch);
    if (i >= 0 && i < length) cells[i]?.push(s);
  }
  const top = bbox.y0;
  const bottom = bbox.y1;
  const threshold = inkThreshold(img, Math.round(start), top, Math.round(start + length * pitch), bottom);
  let text = '';
  const unsure: number[] = [];
  for (let i = 0; i < length; i++) {
    const cell = cells[i] ?? [];
    const only = cell.length === 1 ? cell[0]?.text : undefined;
    if (only && only.length === 1 && !'<KL'.includes(only)) {
      text += only;
      continue;
    }
    const x = start + i * pitch;
    const chevron = looksLikeChevron(img, x, pitch, top, bottom, threshold);
    if (chevron) {
      text += '<';
      continue;
    }
    const guess = cell.map((s) => s.text).find((t) => t.length === 1 && t !== '<');
    // One clean K or L is a K or an L; anything else (two symbols, none) is read again on its own.
    // The last cell is a check digit on most lines, and tesseract likes to join it to the fillers before it.
    if (!(cell.length === 1 && guess) || i === length - 1) unsure.push(i);
    text += guess ?? '<';
  }
  return { length, text, unsure };
}

/** Halfway between the darkest and the lightest grey of the line. */
function inkThreshold(img: Grey, x0: number, y0: number, x1: number, y1: number): number {
  let lo = 255;
  let hi = 0;
  for (let y = Math.max(0, y0); y < y1; y++) {
    for (let x = Math.max(0, x0); x < Math.min(img.width, x1); x++) {
      const v = img.grey[y * img.width + x] ?? 255;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return (lo + hi) / 2;
}

/**
 * K and L have a stem down the left of their cell; `<` only touches the left near the middle.
 * Counts the rows with ink in the left part of the glyph (from 0.1 to 0.38 of the cell).
 */
function looksLikeChevron(img: Grey, cellX: number, pitch: number, top: number, bottom: number, threshold: number): boolean {
  const xa = Math.round(cellX + 0.1 * pitch);
  const xb = Math.round(cellX + 0.38 * pitch);
  let rowsWithInk = 0;
  for (let y = top; y < bottom; y++) {
    let ink = false;
    for (let x = xa; x < xb && !ink; x++) ink = (img.grey[y * img.width + x] ?? 255) < threshold;
    if (ink) rowsWithInk++;
  }
  if (rowsWithInk === 0) return true;
  // The glyph's own height: the whole cell column (for a `<`, its arms reach the right part).
  let glyphTop = -1;
  let glyphBottom = -1;
  const xr = Math.round(cellX + 0.9 * pitch);
  for (let y = top; y < bottom; y++) {
    for (let x = xa; x < xr; x++) {
      if ((img.grey[y * img.width + x] ?? 255) < threshold) {
        if (glyphTop < 0) glyphTop = y;
        glyphBottom = y;
        break;
      }
    }
  }
  const glyphHeight = Math.max(1, glyphBottom - glyphTop + 1);
  return rowsWithInk / glyphHeight < 0.6;
}
