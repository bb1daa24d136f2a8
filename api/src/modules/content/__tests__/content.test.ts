import { BizConfigResponse, TranslationsResponse } from '@join/shared/contract';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import { EN_TRANSLATIONS as TRANSLATIONS_EN } from '@join/shared/contract';
import { createTestApp, type TestApp } from '../../../testing/harness';

describe('business config and translations', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('serves the business config without a session, never cached', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/biz_config/app', headers: { 'api-version': 'v1', 'device-os': 'web' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(BizConfigResponse.parse(res.json())).toEqual({
      vat_percentage: 5,
      min_promo_code_length: 4,
      max_promo_code_length: 12,
      maintenance_mode: null,
      enable_convert_websignup: false,
      smart_banner_apps_rating: [{ Android: { count: 18234, rating: 4.6 }, iOS: { count: 9412, rating: 4.7 } }],
      promo_codes_enabled: false,
      skip_number_confirmation: false,
      retail_flow: true,
      tag_manager_url: null,
      support: {
        phone: '971588000800',
        chat_url: 'https://wa.me/971588000800',
        email: 'help@touristsim.example',
        hours: { opens: '08:00', closes: '22:00' },
      },
    });
  });

  it('says the number-confirmation experiment is on only when the server turns it on (SPEC 4)', async () => {
    t = await createTestApp({ skipNumberConfirmation: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/biz_config/app' })).json()).toMatchObject({ skip_number_confirmation: true });
  });

  it('can announce blocking maintenance, or fail, for the e2e screens', async () => {
    t = await createTestApp({ maintenanceMode: 'maintenance_blocking' });
    expect((await t.app.inject({ method: 'GET', url: '/api/biz_config/app' })).json()).toMatchObject({
      maintenance_mode: 'maintenance_blocking',
    });
    await t.close();
    t = await createTestApp({ failBizConfig: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/biz_config/app' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'internal' });
  });

  it('serves translations for the language header, English by default', async () => {
    t = await createTestApp();
    const en = TranslationsResponse.parse((await t.app.inject({ method: 'GET', url: '/api/translations?container_id=web' })).json());
    expect(en).toEqual({ language: 'en', translations: { ...TRANSLATIONS_EN } });
    const ar = await t.app.inject({ method: 'GET', url: '/api/translations?container_id=web', headers: { language: 'ar' } });
    expect(TranslationsResponse.parse(ar.json())).toEqual({ language: 'ar', translations: AR_TRANSLATIONS });
    expect(ar.headers.vary).toBe('language');
    expect(TranslationsResponse.parse((await t.app.inject({ method: 'GET', url: '/api/translations?container_id=other' })).json()).translations).toEqual({});
  });

  it('validates the optional headers and the query of open calls', async () => {
    t = await createTestApp();
    const badLanguage = await t.app.inject({ method: 'GET', url: '/api/translations', headers: { language: 'fr' } });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json()).toMatchObject({ field: 'headers.language' });
    const badQuery = await t.app.inject({ method: 'GET', url: '/api/translations?container_id=web&x=1' });
    expect(badQuery.json()).toMatchObject({ field: 'query.x', message: 'query.x: unknown field x' });
  });

  it('tells the time in milliseconds', async () => {
    t = await createTestApp();
    const v = await t.login();
    const res = await t.app.inject({ method: 'GET', url: '/api/me/current_timestamp', headers: v.headers });
    expect(res.json()).toEqual({ timestamp: t.clock.now() });
  });
});
