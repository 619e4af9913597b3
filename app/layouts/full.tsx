import { SiteHeader } from "~/components/site-header";
import { Outlet } from "react-router";
import { layoutLoader } from "~/server/layout-data.server";
import type { Route } from "./+types/full";

export async function loader(args: Route.LoaderArgs) {
  return layoutLoader(args);
}

/** Full-width pages without a side menu: sign-in, password pages, setup, the professional's home. */
export default function Layout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader user={loaderData.user} bordered={false} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
