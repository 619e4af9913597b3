import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { errorMessageKey } from "~/domain/errors";
import { useLocalizedPath } from "~/lib/use-locale";
import { confirmEmailChangeAction, emailChangeLinkView } from "~/server/account/confirm-email-page.server";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/confirm-email";
import { LINK } from "~/components/ui/targets";
import { actionAnswer } from "~/server/http/responses.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["account"] };

/** The link carries a token: never cached. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "confirm-email");
  return emailChangeLinkView(args.request);
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  await authorize(args, "confirm-email");
  return actionAnswer(await confirmEmailChangeAction(args.request, args.context));
}

/**
 * Opening the link shows the new address and a button; only the button changes it, so a mail scanner that
 * fetches links cannot use the link up (or make the change) on its own.
 */
export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["account", "errors"]);
  const lp = useLocalizedPath();
  const error = actionData && !actionData.ok ? actionData.error : loaderData.state === "invalid" ? ("invalid-action-code" as const) : null;
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <PageHeader routeKey="confirm-email" />
      {actionData?.ok ? (
        <>
          <Alert tone="success">{t("account:confirmEmail.done", { email: actionData.email })}</Alert>
          <Link to={lp("/")} className={LINK}>
            {t("account:confirmEmail.continue")}
          </Link>
        </>
      ) : error ? (
        <div className="flex flex-col gap-4" data-testid="link-problem">
          <Alert tone="error">{t(errorMessageKey(error))}</Alert>
          <p className="text-slate-700">{t("account:confirmEmail.linkHelp")}</p>
        </div>
      ) : loaderData.state === "valid" ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-slate-700">{t("account:confirmEmail.intro", { email: loaderData.to })}</p>
          <div>
            <Button type="submit">{t("account:confirmEmail.confirm")}</Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
