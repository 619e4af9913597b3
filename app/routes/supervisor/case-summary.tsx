import { NotYetAvailable } from "~/components/not-yet-available";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/case-summary";

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "supervisor-case-mvp");
  return null;
}

export default function Page() {
  return <NotYetAvailable routeKey="supervisor-case-mvp" />;
}
