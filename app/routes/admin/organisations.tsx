import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/organisations";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "admin-organisations");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="admin-organisations" />;
}
