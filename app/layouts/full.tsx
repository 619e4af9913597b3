import { Outlet } from "react-router";
import { Brand } from "~/components/brand";
import { LanguageSwitcher } from "~/components/language-switcher";
import { UserMenu } from "~/components/user-menu";
import { layoutLoader } from "~/server/layout-data.server";
import type { Route } from "./+types/full";

export async function loader(args: Route.LoaderArgs) {
  return layoutLoader(args);
}

/** Full-width pages without a side menu: sign-in, password pages, setup, the professional's home. */
export default function Layout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-4 px-4 py-3 print:hidden">
        <Brand />
        <div className="flex items-center gap-3">
          <LanguageSwitcher />
          {loaderData.user ? <UserMenu user={loaderData.user} /> : null}
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
