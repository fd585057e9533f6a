import { detectLocale, isLocale } from '../../src/i18n/languageSlice';

describe('detectLocale (en by default, zh when the browser language begins with zh)', () => {
  it.each([
    [['zh-CN'], 'zh'],
    [['zh-TW'], 'zh'],
    [['zh'], 'zh'],
    [['ZH-hk', 'en'], 'zh'],
    [['en-US'], 'en'],
    [['fr-FR', 'zh-CN'], 'en'],
    [[], 'en'],
    [undefined, 'en'],
  ])('%j → %s', (languages, expected) => {
    expect(detectLocale(languages as string[] | undefined)).toBe(expected);
  });

  it('skips empty entries before deciding', () => {
    expect(detectLocale(['', 'zh-CN'])).toBe('zh');
  });

  it('recognises only en and zh as locales', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('zh')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
