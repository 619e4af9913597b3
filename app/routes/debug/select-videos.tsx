import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/select-videos";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "debug-ml-select-videos");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="debug-ml-select-videos" />;
}
