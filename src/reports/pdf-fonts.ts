import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

// The PDF report's fonts, from npm font packages: Noto Sans (Latin, Greek,
// Cyrillic, Vietnamese) first, then Noto Sans JP and Noto Sans SC for the
// characters it lacks. Fontsource splits each font into WOFF2 files by
// unicode-range (its unicode.json); a file is read, decoded and parsed the
// first time a character needs it, once per process, and pdfkit embeds the
// glyphs a document uses.

export type Weight = 400 | 700;

export interface Face {
  /** Unique per file and weight: pdfkit's font name, and the PostScript name embedded. */
  key: string;
  font: fontkit.Font;
  /** Ascent and largest advance, in ems. */
  ascent: number;
  maxAdvance: number;
  /** Advance width in ems by code point, measured once. */
  widths: Map<number, number>;
}

interface Family {
  name: string;
  dir: string;
  /** Subset name → its CSS unicode-range. */
  unicode: Record<string, string>;
  subsets: string[];
  /** Code point → index into subsets (the first file whose unicode-range holds it), built on first use. */
  index?: Map<number, number>;
  file: (subset: string, weight: Weight) => string;
  /** One variable font for every weight (the JP and SC packages), or one static file per weight. */
  variable: boolean;
}

const require_ = createRequire(__filename);
function family(pkg: string, name: string, variable: boolean, file: Family['file']): Family {
  const unicode = require_(`${pkg}/unicode.json`) as Record<string, string>;
  const dir = path.join(path.dirname(require_.resolve(`${pkg}/unicode.json`)), 'files');
  return { name, dir, unicode, subsets: Object.keys(unicode), file, variable };
}

const NOTO_SANS = family('@fontsource/noto-sans', 'NotoSans', false, (s, w) => `noto-sans-${s}-${w}-normal.woff2`);
// Subsets of the variable packages are named "[12]".
const NOTO_SANS_JP = family(
  '@fontsource-variable/noto-sans-jp',
  'NotoSansJP',
  true,
  (s) => `noto-sans-jp-${s.slice(1, -1)}-wght-normal.woff2`,
);
const NOTO_SANS_SC = family(
  '@fontsource-variable/noto-sans-sc',
  'NotoSansSC',
  true,
  (s) => `noto-sans-sc-${s.slice(1, -1)}-wght-normal.woff2`,
);

/** Han characters look different in Japanese and Chinese: text with kana prefers the JP font, other text the SC one. */
export type HanPreference = 'ja' | 'zh';
const ORDER: Record<HanPreference, Family[]> = { ja: [NOTO_SANS, NOTO_SANS_JP, NOTO_SANS_SC], zh: [NOTO_SANS, NOTO_SANS_SC, NOTO_SANS_JP] };

function indexOf(fam: Family): Map<number, number> {
  if (fam.index) return fam.index;
  const index = new Map<number, number>();
  fam.subsets.forEach((subset, i) => {
    for (const range of fam.unicode[subset].split(',')) {
      const [from, to = from] = range
        .trim()
        .slice(2)
        .split('-')
        .map((hex) => parseInt(hex, 16));
      for (let cp = from; cp <= to; cp++) if (!index.has(cp)) index.set(cp, i);
    }
  });
  return (fam.index = index);
}

// fontkit 2.0.4 cannot subset an instance of a variable font (foliojs/fontkit#308):
// its glyph encoder hands restructure's EncodeStream a byte count where restructure 3
// wants a buffer. Let EncodeStream take a count too; nothing else changes.
{
  const restructure = createRequire(require_.resolve('fontkit'))('restructure') as { EncodeStream: new (b: Uint8Array) => object };
  const Base = restructure.EncodeStream;
  if (!(Base as { acceptsLength?: boolean }).acceptsLength) {
    Object.defineProperty(restructure, 'EncodeStream', {
      enumerable: true,
      configurable: true,
      value: class extends Base {
        static acceptsLength = true;
        constructor(buffer: Uint8Array | number) {
          super(typeof buffer === 'number' ? new Uint8Array(buffer) : buffer);
        }
      },
    });
  }
}

// fontkit reads WOFF2 but cannot subset it (its glyf table stays transformed): decode to TrueType first.
const woff2ToTtf = require_('wawoff2/decompress') as (data: Uint8Array) => Promise<Uint8Array>;

const faces = new Map<string, Promise<Face>>();
function loadFace(fam: Family, subset: string, weight: Weight): Promise<Face> {
  const key = `${fam.name}-${weight === 700 ? 'Bold' : 'Regular'}-${subset.replace(/\W/g, '')}`;
  let face = faces.get(key);
  if (!face) {
    face = (async () => {
      const ttf = Buffer.from(await woff2ToTtf(readFileSync(path.join(fam.dir, fam.file(subset, weight)))));
      let font = fontkit.create(ttf) as fontkit.Font;
      if (fam.variable) font = font.getVariation({ wght: weight });
      // pdfkit shares one embedded font between fonts of the same PostScript name, and every
      // file (and every instance of a variable one) here has its family's: give each its own.
      Object.defineProperty(font, 'postscriptName', { value: key });
      return {
        key,
        font,
        ascent: font.ascent / font.unitsPerEm,
        maxAdvance: font.hhea.advanceWidthMax / font.unitsPerEm,
        widths: new Map(),
      };
    })();
    faces.set(key, face);
    face.catch(() => faces.delete(key));
  }
  return face;
}

/** Noto Sans's Latin file: draws ASCII, the ellipsis and the replacement character. */
export function primaryFace(weight: Weight): Promise<Face> {
  return loadFace(NOTO_SANS, 'latin', weight);
}

const resolved = new Map<string, Face | null>();
const resolvedKey = (cp: number, weight: Weight, han: HanPreference) => `${weight}${han}${cp}`;

/** The face that has a glyph for `cp`, loading files as needed; null when none has. */
export async function resolveFace(cp: number, weight: Weight, han: HanPreference): Promise<Face | null> {
  const key = resolvedKey(cp, weight, han);
  let face = resolved.get(key);
  if (face !== undefined) return face;
  face = null;
  for (const fam of ORDER[han]) {
    const subset = indexOf(fam).get(cp);
    if (subset === undefined) continue;
    const candidate = await loadFace(fam, fam.subsets[subset], weight);
    if (candidate.font.hasGlyphForCodePoint(cp)) {
      face = candidate;
      break;
    }
  }
  resolved.set(key, face);
  return face;
}

/** resolveFace's answer if it was asked before; undefined if not. */
export function resolvedFace(cp: number, weight: Weight, han: HanPreference): Face | null | undefined {
  return resolved.get(resolvedKey(cp, weight, han));
}

/** Advance width of `cp` in `face`, in ems. */
export function advance(face: Face, cp: number): number {
  let w = face.widths.get(cp);
  if (w === undefined) {
    w = face.font.glyphForCodePoint(cp).advanceWidth / face.font.unitsPerEm;
    face.widths.set(cp, w);
  }
  return w;
}
