import { nationalityName } from '../../components/nationality';

describe('a document nationality named in the page language', () => {
  it('names an ISO three-letter code in English and in Arabic', () => {
    expect(nationalityName('GBR', 'en')).toBe('United Kingdom');
    expect(nationalityName('ARE', 'en')).toBe('United Arab Emirates');
    expect(nationalityName('GBR', 'ar')).toBe('المملكة المتحدة');
    expect(nationalityName('IND', 'ar')).toMatch(/^[\u0600-\u06FF\s]+$/);
  });

  it('reads ICAO codes that are not ISO codes, padded as the MRZ writes them', () => {
    expect(nationalityName('D<<', 'en')).toBe('Germany');
    expect(nationalityName('GBO', 'en')).toBe('United Kingdom');
    expect(nationalityName('RKS', 'en')).toBe('Kosovo');
  });

  it('gives null for stateless, refugee, filler and unknown codes (the page shows the code)', () => {
    expect(nationalityName('XXA', 'en')).toBeNull();
    expect(nationalityName('<<<', 'en')).toBeNull();
    expect(nationalityName('QQQ', 'ar')).toBeNull();
  });
});
