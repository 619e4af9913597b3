import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/labeled-images";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "debug-ml-labeled-images");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="debug-ml-labeled-images" />;
}
