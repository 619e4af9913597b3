/**
 * The signed-in user's one menu on a phone: name and role, language, profile and sign-out behind one button, so
 * the header fits a 320 px screen. Wider screens show the same items in the header itself (user-menu.tsx).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { accountPath } from "~/domain/navigation";
import { localizePath } from "~/domain/locales";
import type { ShellUser } from "~/lib/shell-user";
import { useLocale } from "~/lib/use-locale";
import { LanguageSwitcher } from "./language-switcher";
import { SignOutButton } from "./sign-out-button";

export function AccountMenu({ user }: { user: ShellUser }) {
  const { t } = useTranslation("common");
  const locale = useLocale();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const shownFor = useRef(pathname);
  // A page opened from the menu closes it. Only a new page: the menu is a <details>, so it opens before the page is
  // interactive, and the first run of this effect (hydration) must not close what the user has just opened.
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);
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
