import { PLACES_MAX_RESULTS } from '@join/shared/contract';
import { indexPlaces, matchKind, normaliseName, searchPlaces, type GazetteerPlace } from '../gazetteer';

/** The places search as a pure function (api/README.md "Map data and gazetteer"), on a small gazetteer. */
const place = (id: string, name_en: string, name_ar: string | null, rank = 2): GazetteerPlace => ({
  id,
  name_en,
  name_ar,
  emirate: 'DU',
  rank,
  lat: 25,
  lng: 55,
});

const PLACES: GazetteerPlace[] = [
  place('dubai', 'Dubai', 'دبي', 1),
  place('marina', 'Dubai Marina', null),
  place('motor', 'Dubai Motor City', null),
  place('hatta', 'Ḩattā', null),
  place('zabeel', "Za'abeel", null),
  place('abudhabi', 'Abu Dhabi', 'أبوظبي', 1),
  place('fujairah', 'Fujairah', 'الفجيرة', 1),
  place('dibba', 'Dibba Al-Fujairah', null),
  place('reef', 'Reef Al Fujairah City', null),
  place('kalba', 'Kalbā', null),
  place('tarif', 'Ţarīf Kalbā', null),
  place('sham', 'Ash Sha‘m', null),
];
const index = indexPlaces(PLACES);
const ids = (q: string, lang: 'en' | 'ar' = 'en') => searchPlaces(index, q, lang).map((p) => p.id);

describe('normaliseName', () => {
  it.each([
    ['Ḩattā', 'hatta'],
    ['ŢARĪF  Kalbā', 'tarif kalba'],
    ["Za'abeel", 'zaabeel'],
    ['Ash Sha‘m', 'ash sham'],
    ['Dibba Al-Fujairah', 'dibba al fujairah'],
    ['  dubai   marina ', 'dubai marina'],
    // Arabic: diacritics and tatweel dropped, alef forms and final yeh / teh marbuta made one.
    ['أَبُوظَبْي', 'ابوظبي'],
    ['إمارة', 'امارة'.replace('ة', 'ه')],
    ['آل', 'ال'],
    ['دبـــى', 'دبي'],
  ])('%s → %s', (text, normal) => {
    expect(normaliseName(text)).toBe(normal);
  });
});

describe('matchKind', () => {
  it('ranks the whole name, then its start, then a word start; nothing inside a word', () => {
    expect(matchKind('dubai', 'dubai')).toBe(0);
    expect(matchKind('dubai marina', 'dubai')).toBe(1);
    expect(matchKind('dubai marina', 'mari')).toBe(2);
    expect(matchKind('dubai marina', 'arina')).toBeNull();
    expect(matchKind('dubai marina', 'ubai')).toBeNull();
  });
});

describe('searchPlaces', () => {
  it('puts the exact name first, then prefixes, then word prefixes', () => {
    expect(ids('dubai')).toEqual(['dubai', 'marina', 'motor']);
    expect(ids('fujairah')).toEqual(['fujairah', 'dibba', 'reef']);
  });

  it('among prefixes, the better rank first', () => {
    const two = indexPlaces([place('b', 'Abu Hayl', null, 2), place('a', 'Abu Dhabi', null, 1)]);
    expect(searchPlaces(two, 'abu ', 'en').map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('ignores case, accents and apostrophes', () => {
    expect(ids('HATTA')).toEqual(['hatta']);
    expect(ids('Ḩattā')).toEqual(['hatta']);
    expect(ids('zaabeel')).toEqual(['zabeel']);
    expect(ids("za'ab")).toEqual(['zabeel']);
    expect(ids('kalba')).toEqual(['kalba', 'tarif']);
    expect(ids('sham')).toEqual(['sham']);
  });

  it('matches word starts, not the middle of a word', () => {
    expect(ids('marina')).toEqual(['marina']);
    expect(ids('arina')).toEqual([]);
    expect(ids('city')).toEqual(['motor', 'reef']);
  });

  it('searches the Arabic names, with or without diacritics and whatever the alef', () => {
    expect(ids('ابوظبي')).toEqual(['abudhabi']);
    expect(ids('أَبُوظَبْي')).toEqual(['abudhabi']);
    expect(ids('الفجيره')).toEqual(['fujairah']);
  });

  it('names each place in the asked language where the data has it, else in English', () => {
    expect(searchPlaces(index, 'fujairah', 'ar').map((p) => p.name)).toEqual(['الفجيرة', 'Dibba Al-Fujairah', 'Reef Al Fujairah City']);
    expect(searchPlaces(index, 'الفجيرة', 'en').map((p) => p.name)).toEqual(['Fujairah']);
  });

  it(`answers at most ${PLACES_MAX_RESULTS} places`, () => {
    const many = indexPlaces(Array.from({ length: 20 }, (_, i) => place(`p${i}`, `Dubai Place ${i}`, null)));
    expect(searchPlaces(many, 'dubai', 'en')).toHaveLength(PLACES_MAX_RESULTS);
  });

  it('answers nothing for a query that is only punctuation or marks', () => {
    expect(ids("'''''")).toEqual([]);
    expect(ids('ًًًًً')).toEqual([]);
  });
});
