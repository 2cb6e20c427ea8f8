import { advance, primaryFace, resolvedFace, resolveFace, type Face, type HanPreference, type Weight } from './pdf-fonts';

// Text of the PDF report as runs of one font each: every character is drawn by
// the first font of the chain that has its glyph (see pdf-fonts.ts). Fonts load
// asynchronously, so the writer calls prepareTexts() for what a page will show,
// then lays it out and draws it synchronously. Widths come from the fonts'
// advance widths, measured once per character and face.

export interface Run {
  face: Face;
  text: string;
}

const primary = new Map<Weight, Face>();
const ASCII = /^[\x20-\x7e]*$/;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;
// Control characters, zero-width and direction marks, the BOM: text the PDF must not carry.
// eslint-disable-next-line no-control-regex -- matching control characters is what this class is for
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\ufeff]/g;
const ELLIPSIS = 0x2026;
const REPLACEMENT = 0xfffd;

/** One line of plain text: whitespace runs as one space, control characters gone, composed (NFC) so accents find their glyphs. */
export function clean(raw: string): string {
  if (ASCII.test(raw)) return raw;
  return raw.normalize('NFC').replace(/\s+/g, ' ').replace(INVISIBLE, '');
}

const hanOf = (text: string): HanPreference => (KANA.test(text) ? 'ja' : 'zh');

/** Loads the fonts that the texts need (once per process). */
export async function prepareTexts(texts: Iterable<string | null | undefined>, weight: Weight): Promise<void> {
  for (const w of [400, 700] as const) if (!primary.has(w)) primary.set(w, await primaryFace(w));
  for (const raw of texts) {
    if (!raw || ASCII.test(raw)) continue;
    const text = clean(raw);
    const han = hanOf(text);
    const base = primary.get(weight)!;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (!base.font.hasGlyphForCodePoint(cp) && resolvedFace(cp, weight, han) === undefined) await resolveFace(cp, weight, han);
    }
  }
}

function primaryOf(weight: Weight): Face {
  const face = primary.get(weight);
  if (!face) throw new Error('prepareTexts() first');
  return face;
}

/** The text split into runs by font. A space stays in the run it follows; a character no font has becomes U+FFFD. */
export function runsOf(raw: string, weight: Weight): Run[] {
  const base = primaryOf(weight);
  if (ASCII.test(raw)) return raw ? [{ face: base, text: raw }] : [];
  const text = clean(raw);
  const han = hanOf(text);
  const runs: Run[] = [];
  let current: Run | undefined;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let face: Face | null | undefined;
    let glyph = ch;
    if (cp === 0x20 && current) face = current.face;
    else if (cp < 0x7f || base.font.hasGlyphForCodePoint(cp)) face = base;
    else face = resolvedFace(cp, weight, han);
    if (!face) {
      face = base;
      glyph = String.fromCodePoint(REPLACEMENT);
    }
    if (current && current.face === face) current.text += glyph;
    else runs.push((current = { face, text: glyph }));
  }
  return runs;
}

/** Width of the runs at `size`. */
export function widthOf(runs: Run[], size: number): number {
  let width = 0;
  for (const run of runs) for (const ch of run.text) width += advance(run.face, ch.codePointAt(0)!);
  return width * size;
}

/** The runs cut, with an ellipsis, to fit `width` at `size`. */
export function fitRuns(runs: Run[], size: number, width: number, weight: Weight): Run[] {
  // No glyph is wider than its face's largest advance: most cells need no measuring.
  let bound = 0;
  for (const run of runs) bound += run.text.length * run.face.maxAdvance;
  if (bound * size <= width || widthOf(runs, size) <= width) return runs;
  const base = primaryOf(weight);
  const room = width - advance(base, ELLIPSIS) * size;
  const out: Run[] = [];
  let used = 0;
  for (const run of runs) {
    let kept = '';
    for (const ch of run.text) {
      used += advance(run.face, ch.codePointAt(0)!) * size;
      if (used > room) break;
      kept += ch;
    }
    if (kept) out.push({ face: run.face, text: kept });
    if (used > room) break;
  }
  const last = out[out.length - 1];
  if (last) last.text = last.text.trimEnd();
  if (last?.face === base) last.text += '…';
  else out.push({ face: base, text: '…' });
  return out;
}

/** The text as at most `maxLines` lines of runs that fit `width`, broken at spaces where it can be; the last line cut with an ellipsis. */
export function wrapRuns(raw: string, weight: Weight, size: number, width: number, maxLines: number): Run[][] {
  const chars: { face: Face; ch: string; w: number }[] = [];
  for (const run of runsOf(raw, weight)) {
    for (const ch of run.text) chars.push({ face: run.face, ch, w: advance(run.face, ch.codePointAt(0)!) * size });
  }
  const toRuns = (from: number, to: number) => {
    const runs: Run[] = [];
    for (let i = from; i < to; i++) {
      const last = runs[runs.length - 1];
      if (last && last.face === chars[i].face) last.text += chars[i].ch;
      else runs.push({ face: chars[i].face, text: chars[i].ch });
    }
    return runs;
  };
  const lines: Run[][] = [];
  let start = 0;
  while (start < chars.length) {
    if (lines.length === maxLines - 1) {
      lines.push(fitRuns(toRuns(start, chars.length), size, width, weight));
      break;
    }
    let used = 0;
    let end = start;
    let space = -1;
    while (end < chars.length && used + chars[end].w <= width) {
      if (chars[end].ch === ' ') space = end;
      used += chars[end++].w;
    }
    const cut = end === chars.length ? end : space > start ? space : Math.max(end, start + 1);
    lines.push(toRuns(start, cut));
    start = cut;
    while (chars[start]?.ch === ' ') start++;
  }
  return lines;
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Makes the face the document's current font, at `size`. */
function useFace(doc: PDFKit.PDFDocument, face: Face, size: number): PDFKit.PDFDocument {
  let fonts = registered.get(doc);
  if (!fonts) registered.set(doc, (fonts = new Set()));
  if (!fonts.has(face.key)) {
    // pdfkit takes a fontkit font as a source, though its types say otherwise.
    doc.registerFont(face.key, face.font as unknown as Buffer);
    fonts.add(face.key);
  }
  return doc.font(face.key).fontSize(size);
}

/** Sets Noto Sans (Latin) as the current font, for fixed ASCII text drawn with doc.text itself. */
export function useFont(doc: PDFKit.PDFDocument, weight: Weight, size: number): PDFKit.PDFDocument {
  return useFace(doc, primaryOf(weight), size);
}

/** Draws the runs on one line from (x, y), y being the top of the line as in doc.text, every run on the same baseline. */
export function drawRuns(doc: PDFKit.PDFDocument, runs: Run[], x: number, y: number, size: number): void {
  const ascent = primaryOf(400).ascent;
  for (const run of runs) {
    useFace(doc, run.face, size);
    // doc.text puts the baseline at y + ascent: shift other fonts onto Noto Sans's.
    doc.text(run.text, x, y + (ascent - run.face.ascent) * size, { lineBreak: false });
    if (runs.length > 1) x += widthOf([run], size);
  }
}
