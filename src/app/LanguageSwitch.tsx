import { LOCALES, selectLocale, setLocale } from '../i18n/languageSlice';
import { LOCALE_NAMES } from '../i18n/localeNames';
import { useT } from '../i18n/useT';

import { useAppDispatch, useAppSelector } from './hooks';

/** en ⇄ zh. The choice goes to the language slice, which redux-persist keeps across visits. */
export function LanguageSwitch() {
  const t = useT();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);

  return (
    <div className="language-switch" role="group" aria-label={t('header.language')}>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={LOCALE_NAMES[option].lang}
          className="language-switch__option"
          aria-pressed={option === locale}
          onClick={() => dispatch(setLocale(option))}
        >
          {LOCALE_NAMES[option].name}
        </button>
      ))}
    </div>
  );
}
