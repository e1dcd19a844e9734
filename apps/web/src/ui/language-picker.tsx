import { LANGUAGES, setLanguage, useLanguage, useT, type Language } from '../i18n';

/** English / 日本語, remembered in this browser. Each language is named in itself, so anyone can find theirs. */
export function LanguagePicker() {
  const t = useT();
  const lang = useLanguage();
  return (
    <label className="language-picker">
      <span className="sr-only">{t('common.language')}</span>
      <select value={lang} aria-label={t('common.language')} onChange={(e) => void setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
