import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/set-password";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "set-password");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="set-password" />;
}
