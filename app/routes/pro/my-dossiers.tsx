import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/my-dossiers";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "pro-my-dossiers");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="pro-my-dossiers" />;
}
