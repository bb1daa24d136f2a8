import { PLACES_MAX_RESULTS, type EmirateCode, type Place } from '@join/shared/contract';

/**
 * The UAE gazetteer's search (GET /delivery/places; api/README.md "Map data and gazetteer"): a
 * pure function over the built places. A name matches when the query (normalised: case,
 * accents, Arabic diacritics and letter variants, punctuation) is the whole name, its start, or
 * the start of one of its words, in English or in Arabic. Exact matches come first, then
 * prefixes, then word prefixes; then higher rank (1 first), then the shorter and alphabetical name.
 */

export interface GazetteerPlace {
  id: string;
  name_en: string;
  name_ar: string | null;
  emirate: EmirateCode | null;
  rank: number;
  lat: number;
  lng: number;
}

/** How a name matched; lower is better. */
const EXACT = 0;
const PREFIX = 1;
const WORD_PREFIX = 2;

/**
 * Arabic diacritics (harakat, shadda, sukun, superscript alef, Quranic marks) and the tatweel:
 * written or not, the name is the same.
 */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

/**
 * A name or query reduced to what search compares: lower case, Latin accents removed (Ḩattā →
 * hatta), Arabic marks removed and letter variants made one (أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي),
 * apostrophes and their look-alikes dropped (Za'abeel → zaabeel, Sha‘m → sham), any other
 * punctuation a space, spaces collapsed.
 */
export function normaliseName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(ARABIC_MARKS, '')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/['‘’ʻʼ`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How `name` (normalised) matches `q` (normalised), or null. */
export function matchKind(name: string, q: string): number | null {
  if (!q || !name) return null;
  if (name === q) return EXACT;
  if (name.startsWith(q)) return PREFIX;
  for (let i = name.indexOf(' '); i !== -1; i = name.indexOf(' ', i + 1)) {
    if (name.startsWith(q, i + 1)) return WORD_PREFIX;
  }
  return null;
}

/** A place with its names normalised once, for searching many times. */
export interface IndexedPlace {
  place: GazetteerPlace;
  names: string[];
}

export function indexPlaces(places: readonly GazetteerPlace[]): IndexedPlace[] {
  return places.map((place) => ({
    place,
    names: [place.name_en, ...(place.name_ar ? [place.name_ar] : [])].map(normaliseName).filter((n) => n.length > 0),
  }));
}

/** The place as the contract shows it: named in the asked language where the data has it. */
export function toPlace(p: GazetteerPlace, lang: 'en' | 'ar'): Place {
  return { id: p.id, name: lang === 'ar' && p.name_ar ? p.name_ar : p.name_en, emirate: p.emirate, lat: p.lat, lng: p.lng };
}

export function searchPlaces(index: readonly IndexedPlace[], query: string, lang: 'en' | 'ar', limit = PLACES_MAX_RESULTS): Place[] {
  const q = normaliseName(query);
  if (!q) return [];
  const hits: { p: GazetteerPlace; kind: number; name: string }[] = [];
  for (const { place, names } of index) {
    let kind: number | null = null;
    for (const n of names) {
      const k = matchKind(n, q);
      if (k !== null && (kind === null || k < kind)) kind = k;
    }
    if (kind !== null) hits.push({ p: place, kind, name: toPlace(place, lang).name });
  }
  hits.sort((a, b) => a.kind - b.kind || a.p.rank - b.p.rank || a.name.length - b.name.length || a.name.localeCompare(b.name, lang));
  return hits.slice(0, limit).map((h) => toPlace(h.p, lang));
}
