import { Outlet } from "react-router";
import { Brand } from "~/components/brand";
import { LanguageSwitcher } from "~/components/language-switcher";
import { UserMenu } from "~/components/user-menu";
import { layoutLoader } from "~/server/layout-data.server";
import type { Route } from "./+types/default";

export async function loader(args: Route.LoaderArgs) {
  return layoutLoader(args);
}

/** The plain layout of the test pages and /debug/explanation. */
export default function Layout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-2">
        <Brand />
        <div className="flex items-center gap-3">
          <LanguageSwitcher />
          {loaderData.user ? <UserMenu user={loaderData.user} /> : null}
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
