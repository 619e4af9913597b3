import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/record-view";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "test-record-view");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="test-record-view" />;
}
