import { Outlet } from "react-router";
import { AppShell } from "~/components/app-shell";
import { layoutLoader } from "~/server/layout-data.server";
import type { Route } from "./+types/sidebar-copy";

export async function loader(args: Route.LoaderArgs) {
  return layoutLoader(args);
}

export default function Layout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell user={loaderData.user}>
      <Outlet />
    </AppShell>
  );
}
