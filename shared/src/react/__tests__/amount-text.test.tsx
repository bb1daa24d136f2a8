import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { i18n } from '../../i18n/i18n';
import { useAmountText } from '../use-t';

describe('amounts in the page language', () => {
  afterEach(() => act(() => i18n.setLanguage('en')));

  it('counts minutes with the plural forms of the language, and keeps data units', () => {
    const { result } = renderHook(() => useAmountText());
    const min = (v: string) => result.current({ vmo_ValueFormatted: v, UnitFormatted: 'min' });
    expect([min('1'), min('10'), min('1,000')]).toEqual(['1 min', '10 min', '1,000 min']);
    act(() => {
      i18n.set('ar', {
        'unit.minutes.one': 'دقيقة واحدة',
        'unit.minutes.two': 'دقيقتان',
        'unit.minutes.few': '{{value}} دقائق',
        'unit.minutes.many': '{{value}} دقيقة',
        'unit.minutes.other': '{{value}} دقيقة',
        'unit.Unlimited': 'غير محدود',
      });
      i18n.setLanguage('ar');
    });
    expect([min('1'), min('2'), min('10'), min('11'), min('100')]).toEqual(['دقيقة واحدة', 'دقيقتان', '10 دقائق', '11 دقيقة', '100 دقيقة']);
    expect(result.current({ vmo_ValueFormatted: '5', UnitFormatted: 'GB' })).toBe('5 GB');
    expect(result.current({ vmo_ValueFormatted: 'Unlimited', UnitFormatted: '' })).toBe('غير محدود');
  });
});
