import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { NAVIGATION, type NavGroup } from "~/domain/navigation";
import { routePath, type RouteKey } from "~/domain/route-table";
import type { ShellUser } from "~/lib/shell-user";
import { usePublicConfig } from "~/lib/public-config";
import { useFoldedOnNewPage } from "~/lib/use-folded-on-new-page";
import { useLocalizedPath } from "~/lib/use-locale";
import { SiteHeader } from "./site-header";

function navHref(key: RouteKey, user: ShellUser): string {
  return routePath(key, key.startsWith("pro-") ? { proId: user.id } : {});
}

function RoleMenu({ groups, user }: { groups: NavGroup[]; user: ShellUser }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <nav aria-label={t("nav.label")} className="px-2 py-3">
      {groups.map((group) => (
        <div key={group.group} className="mb-4">
          <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{t(`nav.groups.${group.group}`)}</p>
          <ul>
            {group.items.map((key) => (
              <li key={key}>
                <NavLink
                  to={lp(navHref(key, user))}
                  end
                  className="block rounded px-2 py-3 text-sm text-slate-800 md:py-1.5 hover:bg-slate-100 aria-[current=page]:bg-sky-100 aria-[current=page]:font-medium aria-[current=page]:text-sky-900"
                >
                  {t(`pages.${key}.title`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * The application shell of the sidebar layouts: header, the role's menu, the page. On a phone the menu folds
 * into a disclosure that starts closed.
 */
export function AppShell({ user, children }: { user: ShellUser | null; children: ReactNode }) {
  const { t } = useTranslation("common");
  const { testPages } = usePublicConfig();
  const phoneMenu = useFoldedOnNewPage();
  const groups = user ? NAVIGATION[user.role].filter((g) => !g.testPagesOnly || testPages) : [];
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t("skipToContent")}
      </a>
      <SiteHeader user={user} />
      <div className="flex flex-1 flex-col md:flex-row">
        {groups.length ? (
          <>
            {/* Phone: a disclosure that starts folded, so the page comes first, and folds again when a page opened
                from it comes in. Wider screens: a permanent side menu. */}
            <details ref={phoneMenu} className="border-b border-slate-200 bg-white md:hidden print:hidden">
              <summary className="cursor-pointer px-4 py-3 text-sm font-medium">{t("menu")}</summary>
              <RoleMenu groups={groups} user={user!} />
            </details>
            <div className="hidden border-r border-slate-200 bg-white md:block md:w-64 print:hidden">
              <RoleMenu groups={groups} user={user!} />
            </div>
          </>
        ) : null}
        <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
