import { redirect } from "react-router";
import { isLocale, localizePath, DEFAULT_LOCALE } from "~/domain/locales";
import { cookieHeaders } from "~/server/auth/auth-request.server";
import { signOut } from "~/server/auth/password-sign-in.server";
import type { Route } from "./+types/sign-out";
import { readForm } from "~/server/forms/read-form.server";

/** Signing out only by POST (a link or image cannot sign someone out); GET just goes to the sign-in page. */
export async function loader() {
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const requested = form.get("locale");
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  throw redirect(localizePath("/", locale), { headers: cookieHeaders(await signOut(request.headers)) });
}
