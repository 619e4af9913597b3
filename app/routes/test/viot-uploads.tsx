import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/viot-uploads";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "test-viot-uploads");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="test-viot-uploads" />;
}
