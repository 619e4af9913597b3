import { AccountPage } from "~/components/account/account-page";
import { auditOrigin } from "~/server/audit/audit.server";
import { answerAccountAction, loadAccountPage } from "~/server/account/account-page.server";
import { authorize } from "~/server/auth/authorize.server";
import { useLocale } from "~/lib/use-locale";
import type { Route } from "./+types/profile";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["account", "password"] };

/** Account data (sessions, phone) must never be kept by a cache. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  const { user, locale } = await authorize(args, "admin-profile");
  return loadAccountPage(user, locale);
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { user, locale } = await authorize(args, "admin-profile");
  return answerAccountAction(args.request, user, locale, auditOrigin(args.request, args.context));
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  return <AccountPage routeKey="admin-profile" data={loaderData} actionData={actionData} locale={locale} />;
}
