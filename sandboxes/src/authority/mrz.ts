import { parse as parseWithMrz } from 'mrz';

/**
 * The machine readable zone (ICAO 9303) as the authority reads it: OCR text lines in, a
 * document or a code out. The `mrz` package checks the check digits; this file cleans what OCR
 * gets wrong first (a digit read as a letter where only digits may stand, and the other way
 * round; fillers `<` read as K or L; a document number whose O/0, I/1, S/5... the check digit
 * settles).
 */
export type DocumentKind = 'passport' | 'emirates_id';
export type Sex = 'F' | 'M' | 'X';

export interface ReadDocument {
  kind: DocumentKind;
  number: string;
  id_number: string | null;
  issuing_country: string;
  nationality: string;
  surname: string;
  given_names: string;
  birth_date: string;
  expiry_date: string;
  sex: Sex;
}

/** -606: no readable MRZ; -608: its check digits fail; -646: neither a passport nor an identity card. */
export type MrzFailure = -606 | -608 | -646;
export type MrzOutcome = { ok: true; document: ReadDocument; lines: string[] } | { ok: false; code: MrzFailure };

/** a: letters and fillers, n: digits and fillers, x: either. One string per line, one letter per character. */
const LAYOUT = {
  TD3: ['aaaaa' + 'a'.repeat(39), 'xxxxxxxxx' + 'n' + 'aaa' + 'nnnnnn' + 'n' + 'a' + 'nnnnnn' + 'n' + 'x'.repeat(14) + 'n' + 'n'],
  TD1: ['aaaaa' + 'xxxxxxxxx' + 'n' + 'x'.repeat(15), 'nnnnnn' + 'n' + 'a' + 'nnnnnn' + 'n' + 'aaa' + 'x'.repeat(11) + 'n', 'a'.repeat(30)],
} as const;
type Format = keyof typeof LAYOUT;

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', T: '1', Z: '2', S: '5', B: '8', G: '6' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** What OCR confuses in fields where both letters and digits may stand. */
const LOOK_ALIKE: Record<string, string[]> = {
  O: ['0'], Q: ['0'], D: ['0'], I: ['1'], T: ['1'], Z: ['2', '7'], S: ['5'], B: ['8'], G: ['6'],
  '0': ['O', 'D'], '1': ['I', 'T'], '2': ['Z'], '5': ['S'], '6': ['G'], '7': ['Z', 'T'], '8': ['B'],
};

export function checkDigit(s: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? '<';
    const v = c === '<' ? 0 : c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55;
    sum += v * (weights[i % 3] ?? 1);
  }
  return String(sum % 10);
}

function formatOf(lines: string[]): Format | null {
  if (lines.length === 2 && lines.every((l) => l.length === 44)) return 'TD3';
  if (lines.length === 3 && lines.every((l) => l.length === 30)) return 'TD1';
  return null;
}

/**
 * Fillers read as K or L: in a run of `<`, K and L (K/L standing where a `<` was), every K or L
 * after the run's first `<` is a filler, unless a letter follows the run (then the last K/L may
 * begin a name: "<<KATRIN"). A run at the end of a field is fillers only.
 */
export function cleanFillers(text: string): string {
  return text.replace(/<[<KL]*/g, (run, offset: number) => {
    const next = text[offset + run.length];
    const followedByLetter = next !== undefined && /[A-Z]/.test(next);
    if (!followedByLetter) return '<'.repeat(run.length);
    // Keep a name's first letter: only the characters before the last one are fillers.
    return '<'.repeat(run.length - 1) + run.slice(-1);
  });
}

/** Digits where only digits stand, letters where only letters stand. */
function fixByLayout(line: string, layout: string): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '<';
    const kind = layout[i];
    if (c === '<') out += c;
    else if (kind === 'n') out += TO_DIGIT[c] ?? (c === 'K' || c === 'L' ? '<' : c);
    else if (kind === 'a') out += TO_LETTER[c] ?? c;
    else out += c;
  }
  return out;
}

/** A field that has its own check digit: try the look-alike swaps until the check digit agrees (the read itself first). */
function settleByCheckDigit(field: string, digit: string): string {
  if (checkDigit(field) === digit) return field;
  // One swapped character only: with two, another number of the same check digit is too easily found.
  const options = [...field].map((c) => LOOK_ALIKE[c] ?? []);
  for (let i = 0; i < field.length; i++) {
    for (const a of options[i] ?? []) {
      const one = field.slice(0, i) + a + field.slice(i + 1);
      if (checkDigit(one) === digit) return one;
    }
  }
  return field;
}

/** OCR lines made into MRZ lines of the right length and alphabet, or null when they are not an MRZ. */
export function cleanMrzLines(raw: string[]): string[] | null {
  const lines = raw.map((l) => l.toUpperCase().replace(/[«‹]/g, '<').replace(/\s+/g, ''));
  const format = formatOf(lines);
  if (!format) return null;
  const fixed = lines.map((l, i) => cleanFillers(fixByLayout(l, LAYOUT[format][i] ?? '')));
  if (format === 'TD3') {
    const l2 = fixed[1] ?? '';
    fixed[1] = settleByCheckDigit(l2.slice(0, 9), l2[9] ?? '') + l2.slice(9);
  } else {
    const l1 = fixed[0] ?? '';
    fixed[0] = l1.slice(0, 5) + settleByCheckDigit(l1.slice(5, 14), l1[14] ?? '') + l1.slice(14);
  }
  return fixed;
}

/** YYMMDD to an ISO date: a birth date is in the past (19xx when the year would be ahead of today); an expiry date is 20xx. */
export function mrzDate(yymmdd: string, kind: 'birth' | 'expiry', today = new Date()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const thisYY = today.getUTCFullYear() % 100;
  const century = kind === 'birth' ? (yy > thisYY ? 1900 : 2000) : yy >= 70 ? 1900 : 2000;
  const iso = `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

const text = (s: string) => s.replace(/<+/g, ' ').trim();

function names(field: string): { surname: string; given_names: string } {
  const at = field.indexOf('<<');
  if (at < 0) return { surname: text(field), given_names: '' };
  return { surname: text(field.slice(0, at)), given_names: text(field.slice(at + 2)) };
}

const sexOf = (c: string): Sex => (c === 'M' ? 'M' : c === 'F' ? 'F' : 'X');

/** Cleaned MRZ lines to a document: the document code first (-646), then the check digits (-608). */
export function parseMrzLines(raw: string[], today = new Date()): MrzOutcome {
  const lines = cleanMrzLines(raw);
  if (!lines) return { ok: false, code: -606 };
  const format = formatOf(lines);
  const l1 = lines[0] ?? '';
  const code = l1.slice(0, 2);
  const issuing = l1.slice(2, 5);
  const isPassport = format === 'TD3' && code[0] === 'P';
  const isIdentityCard = format === 'TD1' && (code === 'ID' || code === 'I<') && issuing === 'ARE';
  if (!isPassport && !isIdentityCard) return { ok: false, code: -646 };

  let result: ReturnType<typeof parseWithMrz>;
  try {
    result = parseWithMrz(lines);
  } catch {
    return { ok: false, code: -606 };
  }
  // Every field's own check digit must hold. The composite digit is not enforced: it follows the
  // filler run, where tesseract joins it to the fillers too often to read it reliably (the fields
  // it covers are each checked already).
  const badCheck = result.details.some((d) => !d.valid && /CheckDigit$/.test(d.field ?? '') && d.field !== 'compositeCheckDigit');
  if (badCheck) return { ok: false, code: -608 };

  // The raw fields by position (the parser blanks a field it does not know, such as an unknown nationality; the registry judges those).
  const l2 = lines[1] ?? '';
  let document: ReadDocument | null = null;
  if (format === 'TD3') {
    const birth = mrzDate(l2.slice(13, 19), 'birth', today);
    const expiry = mrzDate(l2.slice(21, 27), 'expiry', today);
    if (birth && expiry) {
      document = {
        kind: 'passport',
        number: l2.slice(0, 9).replace(/</g, ''),
        id_number: null,
        issuing_country: issuing.replace(/</g, ''),
        nationality: l2.slice(10, 13).replace(/</g, ''),
        ...names(l1.slice(5)),
        birth_date: birth,
        expiry_date: expiry,
        sex: sexOf(l2[20] ?? '<'),
      };
    }
  } else {
    const l3 = lines[2] ?? '';
    const birth = mrzDate(l2.slice(0, 6), 'birth', today);
    const expiry = mrzDate(l2.slice(8, 14), 'expiry', today);
    const optional = l1.slice(15, 30).replace(/</g, '');
    if (birth && expiry) {
      document = {
        kind: 'emirates_id',
        number: l1.slice(5, 14).replace(/</g, ''),
        id_number: /^784\d{12}$/.test(optional) ? optional : null,
        issuing_country: issuing,
        nationality: l2.slice(15, 18).replace(/</g, ''),
        ...names(l3),
        birth_date: birth,
        expiry_date: expiry,
        sex: sexOf(l2[7] ?? '<'),
      };
    }
  }
  if (!document) return { ok: false, code: -608 };
  return { ok: true, document, lines };
}
