import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** English by default, Chinese when the browser language begins with zh. */
export function detectLocale(languages: readonly string[] | undefined): Locale {
  const first = languages?.find((l) => typeof l === 'string' && l.length > 0);
  return first?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function browserLocale(): Locale {
  if (typeof navigator === 'undefined') return 'en';
  const list = navigator.languages?.length ? navigator.languages : [navigator.language];
  return detectLocale(list);
}

export interface LanguageState {
  locale: Locale;
  /** True once the user picked a language, so the browser default no longer applies. */
  chosen: boolean;
}

export const languageSlice = createSlice({
  name: 'language',
  initialState: (): LanguageState => ({ locale: browserLocale(), chosen: false }),
  reducers: {
    setLocale(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
      state.chosen = true;
    },
  },
  selectors: {
    selectLocale: (state) => state.locale,
  },
});

export const { setLocale } = languageSlice.actions;
export const { selectLocale } = languageSlice.selectors;
