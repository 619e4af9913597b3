import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { ACCOUNT_ROUTE } from "~/domain/navigation";
import { localizePath } from "~/domain/locales";
import { routePath } from "~/domain/route-table";
import type { ShellUser } from "~/lib/shell-user";
import { useLocale } from "~/lib/use-locale";

export function UserMenu({ user }: { user: ShellUser }) {
  const { t } = useTranslation("common");
  const locale = useLocale();
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="hidden text-slate-700 sm:inline" data-testid="user-name">
        {user.name} <span className="text-slate-500">· {t(`roles.${user.role}`)}</span>
      </span>
      <Link to={localizePath(routePath(ACCOUNT_ROUTE[user.role], { proId: user.id }), locale)} className="text-sky-800 underline-offset-2 hover:underline" data-testid="profile-link">
        {t("profileLink")}
      </Link>
      <Form method="post" action="/sign-out" reloadDocument>
        <input type="hidden" name="locale" value={locale} />
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-100">
          {t("signOut")}
        </button>
      </Form>
    </div>
  );
}
