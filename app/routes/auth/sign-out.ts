import { redirect } from "react-router";
import { LOCALES, localizePath, DEFAULT_LOCALE } from "~/domain/locales";
import { cookieHeaders } from "~/server/auth/auth-request.server";
import { signOut } from "~/server/auth/password-sign-in.server";
import type { Route } from "./+types/sign-out";
import { parseForm } from "~/server/forms/parse-form.server";
import { choice } from "~/domain/forms/fields";
import { z } from "zod";

const signOutForm = z.object({ locale: choice(LOCALES).catch(DEFAULT_LOCALE) });

/** Signing out only by POST (a link or image cannot sign someone out); GET just goes to the sign-in page. */
export async function loader() {
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  // Signing out never fails on its form: an unknown language just means the default one.
  const input = await parseForm(request, signOutForm);
  const locale = input.ok ? input.data.locale : DEFAULT_LOCALE;
  throw redirect(localizePath("/", locale), { headers: cookieHeaders(await signOut(request.headers)) });
}
