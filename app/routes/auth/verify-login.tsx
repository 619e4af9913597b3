import { NotYetAvailable } from "~/components/not-yet-available";
import { PageHeader } from "~/components/page-header";
import { SecondFactorChallenge } from "~/components/account/second-factor-challenge";
import { authorize } from "~/server/auth/authorize.server";
import { handleSecondFactorAction, isSecondFactorIntent, secondFactorChallenge } from "~/server/auth/second-factor-form.server";
import { data } from "react-router";
import type { Route } from "./+types/verify-login";

export const handle = { i18n: ["auth", "account"] };

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "verify-login");
  // A pending second-factor challenge (after password, phone, e-mail link or social sign-in) comes first.
  return { challenge: await secondFactorChallenge(args.request) };
}

export async function action(args: Route.ActionArgs) {
  const { locale } = await authorize(args, "verify-login");
  const form = await args.request.formData();
  if (isSecondFactorIntent(form.get("intent"))) return handleSecondFactorAction(form, args, locale);
  throw data({ code: "invalid-argument" }, { status: 400 });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.challenge || actionData) {
    return (
      <div className="mx-auto max-w-md">
        <PageHeader routeKey="verify-login" />
        <SecondFactorChallenge challenge={loaderData.challenge} state={actionData?.secondFactor} />
      </div>
    );
  }
  return <NotYetAvailable routeKey="verify-login" />;
}
