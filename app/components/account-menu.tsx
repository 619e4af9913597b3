/**
 * The signed-in user's one menu on a phone: name and role, language, profile and sign-out behind one button, so
 * the header fits a 320 px screen. Wider screens show the same items in the header itself (user-menu.tsx).
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { accountPath } from "~/domain/navigation";
import { localizePath } from "~/domain/locales";
import type { ShellUser } from "~/lib/shell-user";
import { useFoldedOnNewPage } from "~/lib/use-folded-on-new-page";
import { useLocale } from "~/lib/use-locale";
import { LanguageSwitcher } from "./language-switcher";
import { SignOutButton } from "./sign-out-button";

export function AccountMenu({ user }: { user: ShellUser }) {
  const { t } = useTranslation("common");
  const locale = useLocale();
  const menu = useFoldedOnNewPage();
  return (
    <details ref={menu} className="relative sm:hidden" data-testid="account-menu">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        {t("accountMenu")}
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-64 max-w-[calc(100vw-1.5rem)] space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg">
        <p className="break-words text-slate-800">
          {user.name} <span className="text-slate-500">· {t(`roles.${user.role}`)}</span>
        </p>
        <LanguageSwitcher />
        <Link to={localizePath(accountPath(user), locale)} className="flex min-h-11 items-center text-sky-800 underline">
          {t("profileLink")}
        </Link>
        <SignOutButton />
      </div>
    </details>
  );
}
