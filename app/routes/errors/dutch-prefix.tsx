import { redirect } from "react-router";
import type { Route } from "./+types/dutch-prefix";

/** Dutch has no prefix: "/nl/admin" permanently redirects to "/admin", so each page has one address per language. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // "/nl//evil.example" must not become the protocol-relative "//evil.example": collapse leading slashes.
  const path = url.pathname.replace(/^\/nl(?=\/|$)/, "").replace(/^\/{2,}/, "/") || "/";
  throw redirect(path + url.search, 301);
}

export default function DutchPrefix() {
  return null;
}
