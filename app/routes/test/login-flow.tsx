import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/login-flow";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "test-login-flow");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="test-login-flow" />;
}
