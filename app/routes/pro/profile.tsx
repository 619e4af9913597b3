import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/profile";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "pro-profile");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="pro-profile" />;
}
