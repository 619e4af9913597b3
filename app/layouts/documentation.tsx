import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { SiteHeader } from "~/components/site-header";
import { MODEL_NAVIGATION } from "~/domain/navigation";
import { routePath } from "~/domain/route-table";
import { useFoldedOnNewPage } from "~/lib/use-folded-on-new-page";
import { useLocalizedPath } from "~/lib/use-locale";
import { layoutLoader } from "~/server/layout-data.server";
import type { Route } from "./+types/documentation";

export async function loader(args: Route.LoaderArgs) {
  return layoutLoader(args);
}

/** The model pages' table of contents. */
function ModelMenu() {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <nav aria-label={t("nav.model")}>
      <ul className="text-sm">
        <li>
          <NavLink to={lp("/admin")} className="flex min-h-11 items-center rounded px-2 py-1 text-slate-600 hover:bg-slate-100">
            ← {t("pages.admin.title")}
          </NavLink>
        </li>
        {MODEL_NAVIGATION.map((key) => (
          <li key={key}>
            <NavLink
              to={lp(routePath(key))}
              end
              className="flex min-h-11 items-center rounded px-2 py-1 text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-sky-100 aria-[current=page]:font-medium"
            >
              {t(`pages.${key}.title`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The documentation layout of the /debug/ml pages: a table of contents beside readable prose. */
export default function Layout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const phoneMenu = useFoldedOnNewPage();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader user={loaderData.user} />
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row">
        {loaderData.user?.role === "admin" ? (
          <>
            {/* Phone: folded, so the page comes first (seven links would fill the first screen), as the app's menu. */}
            <details ref={phoneMenu} className="rounded-lg border border-slate-200 bg-white md:hidden">
              <summary className="cursor-pointer px-3 py-3 text-sm font-medium">{t("nav.model")}</summary>
              <ModelMenu />
            </details>
            <div className="hidden md:block md:w-56 md:shrink-0">
              <ModelMenu />
            </div>
          </>
        ) : null}
        <main id="main" className="min-w-0 flex-1 leading-relaxed">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
