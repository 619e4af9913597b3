import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { errorMessageKey } from "~/domain/errors";
import { useLocalizedPath } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { requestPasswordReset } from "~/server/auth/password-reset.server";
import type { Route } from "./+types/forgot";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { LINK } from "~/components/ui/targets";
import { actionAnswer } from "~/server/http/responses.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["password"] };

const forgotSchema = z.object({ email: z.email().max(320) });

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "forgot");
  return null;
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  await authorize(args, "forgot");
  const parsed = await parseForm(args.request, forgotSchema);
  if (!parsed.ok) return invalidForm(parsed, { sent: false, error: null, invalidEmail: true, email: parsed.values.email ?? "" });
  const result = await requestPasswordReset(parsed.data.email, auditOrigin(args.request, args.context));
  // The same answer whether or not the address belongs to anyone.
  if (!result.ok) return actionAnswer({ sent: false, error: result.code, invalidEmail: false, email: parsed.data.email });
  return { sent: true, error: null, invalidEmail: false, email: "" };
}

export default function Forgot({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["password", "errors"]);
  const busy = useNavigation().state === "submitting";
  const lp = useLocalizedPath();
  return (
    <div className="mx-auto max-w-md">
      <PageHeader routeKey="forgot" />
      {actionData?.sent ? (
        <Alert tone="success">{t("password:forgot.sent")}</Alert>
      ) : (
        <Form method="post" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-slate-700">{t("password:forgot.intro")}</p>
          {actionData?.error ? <Alert tone="error">{t(errorMessageKey(actionData.error))}</Alert> : null}
          <Field
            label={t("password:forgot.email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData?.email}
            error={actionData?.invalidEmail ? t("password:forgot.emailInvalid") : undefined}
          />
          <Button type="submit" disabled={busy}>
            {t("password:forgot.submit")}
          </Button>
        </Form>
      )}
      <p className="mt-4 text-sm">
        <Link to={lp("/")} className={LINK}>
          {t("password:forgot.back")}
        </Link>
      </p>
    </div>
  );
}
