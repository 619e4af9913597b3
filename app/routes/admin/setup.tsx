import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { AppError, errorMessageKey } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { auditOrigin } from "~/server/audit/audit.server";
import { cookieHeaders } from "~/server/auth/auth-request.server";
import { authorize } from "~/server/auth/authorize.server";
import { signInWithPassword } from "~/server/auth/password-sign-in.server";
import { actionAnswer, notFound } from "~/server/http/responses.server";
import { createFirstAdmin } from "~/server/setup/create-first-admin.server";
import { adminExists } from "~/server/setup/setup-code.server";
import type { Route } from "./+types/setup";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { rawText, requiredText } from "~/domain/forms/fields";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/constants";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["auth"] };

const setupSchema = z.object({
  code: requiredText(64),
  name: requiredText(200),
  email: z.email().max(320),
  password: rawText.min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});

type FieldName = keyof z.infer<typeof setupSchema>;

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "admin-setup");
  if (await adminExists()) throw notFound();
  return null;
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { locale } = await authorize(args, "admin-setup");
  if (await adminExists()) throw notFound();
  const parsed = await parseForm(args.request, setupSchema);
  if (!parsed.ok) {
    const fields = Object.fromEntries(Object.keys(parsed.fields).map((field) => [field, true])) as Partial<Record<FieldName, boolean>>;
    return invalidForm(parsed, { error: null, fields, values: { name: parsed.values.name ?? "", email: parsed.values.email ?? "" } });
  }
  const origin = auditOrigin(args.request, args.context);
  try {
    await createFirstAdmin(parsed.data, origin);
  } catch (error) {
    if (error instanceof AppError && error.code === "not-found") throw notFound();
    if (error instanceof AppError) return actionAnswer({ error: error.code, fields: {} as Partial<Record<FieldName, boolean>>, values: { name: parsed.data.name, email: parsed.data.email } });
    throw error;
  }
  const signedIn = await signInWithPassword(parsed.data, args.request.headers, origin);
  throw redirect(localizePath("/admin", locale), { headers: cookieHeaders(signedIn.ok ? signedIn.setCookies : []) });
}

export default function Setup({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "errors"]);
  const busy = useNavigation().state === "submitting";
  const fields = actionData?.fields ?? {};
  return (
    <div className="mx-auto max-w-md">
      <PageHeader routeKey="admin-setup" />
      <p className="mb-6 text-slate-700">{t("auth:setup.intro")}</p>
      <Form method="post" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        {actionData?.error ? <Alert tone="error">{t(errorMessageKey(actionData.error))}</Alert> : null}
        <Field label={t("auth:setup.code")} name="code" autoComplete="off" required error={fields.code ? t("auth:setup.codeRequired") : undefined} hint={t("auth:setup.codeHint")} />
        <Field label={t("auth:setup.name")} name="name" autoComplete="name" required defaultValue={actionData?.values.name} error={fields.name ? t("auth:setup.nameRequired") : undefined} />
        <Field label={t("auth:setup.email")} name="email" type="email" autoComplete="email" required defaultValue={actionData?.values.email} error={fields.email ? t("auth:setup.emailInvalid") : undefined} />
        <Field label={t("auth:setup.password")} name="password" type="password" autoComplete="new-password" minLength={12} required error={fields.password ? t("auth:setup.passwordTooShort") : undefined} />
        <Button type="submit" disabled={busy}>
          {t("auth:setup.submit")}
        </Button>
      </Form>
    </div>
  );
}
