import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { Link } from "react-router";
import { accountPath } from "~/domain/navigation";
import { localizePath } from "~/domain/locales";
import type { ShellUser } from "~/lib/shell-user";
import { claimDevice } from "~/lib/device/clinical-copies";
import { useLocale } from "~/lib/use-locale";
import { SignOutButton } from "./sign-out-button";

export function UserMenu({ user }: { user: ShellUser }) {
  const { t } = useTranslation("common");
  const locale = useLocale();
  // Clinical copies another user left on this device go before this user works with it.
  useEffect(() => {
    void claimDevice(user.id);
  }, [user.id]);
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="hidden text-slate-700 sm:inline" data-testid="user-name">
        {user.name} <span className="text-slate-500">· {t(`roles.${user.role}`)}</span>
      </span>
      <Link to={localizePath(accountPath(user), locale)} className="text-sky-800 underline-offset-2 hover:underline" data-testid="profile-link">
        {t("profileLink")}
      </Link>
      <SignOutButton />
    </div>
  );
}
