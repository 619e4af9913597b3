import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/label-images-from-video";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "debug-ml-label-images-from-video");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="debug-ml-label-images-from-video" />;
}
