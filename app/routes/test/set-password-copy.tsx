import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/set-password-copy";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "test-set-password-copy");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="test-set-password-copy" />;
}
