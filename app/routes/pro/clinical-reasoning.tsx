import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/clinical-reasoning";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "pro-clinical-reasoning");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="pro-clinical-reasoning" />;
}
