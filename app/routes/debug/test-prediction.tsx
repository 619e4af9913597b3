import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/test-prediction";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "debug-ml-test-prediction");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="debug-ml-test-prediction" />;
}
