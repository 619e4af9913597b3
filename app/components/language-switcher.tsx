import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LOCALES, switchLocalePath } from "~/domain/locales";
import { useLocale } from "~/lib/use-locale";

/** Links to this same page in every language. Plain links: the new language loads as a fresh page. */
export function LanguageSwitcher() {
  const { t } = useTranslation("common");
  const { pathname, search, hash } = useLocation();
  const current = useLocale();
  return (
    <nav aria-label={t("language.label")} className="flex items-center gap-1 text-sm">
      {LOCALES.map((locale) => (
        <a
          key={locale}
          href={switchLocalePath(pathname, search, hash, locale)}
          hrefLang={locale}
          lang={locale}
          title={t(`language.names.${locale}`)}
          aria-current={locale === current ? "true" : undefined}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded px-2 font-medium uppercase sm:min-h-9 sm:min-w-9 text-slate-600 hover:bg-slate-100 aria-[current=true]:bg-sky-100 aria-[current=true]:text-sky-900"
        >
          {locale}
        </a>
      ))}
    </nav>
  );
}
