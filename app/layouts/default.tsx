import { SiteHeader } from "~/components/site-header";
import { Outlet } from "react-router";
import { layoutLoader } from "~/server/layout-data.server";
import type { Route } from "./+types/default";

export async function loader(args: Route.LoaderArgs) {
  return layoutLoader(args);
}

/** The plain layout of the test pages and /debug/explanation. */
export default function Layout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader user={loaderData.user} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
