import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { PageHeader } from "~/components/page-header";
import { errorMessageKey } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { homePath, isRole } from "~/domain/roles";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { useLocale } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { signInWithPassword } from "~/server/auth/password-sign-in.server";
import type { Route } from "./+types/sign-in";

export const handle = { i18n: ["auth"] };

const signInSchema = z.object({
  email: z.email().max(320),
  password: z.string().min(1).max(256),
  redirectTo: z.string().optional(),
});

export async function loader(args: Route.LoaderArgs) {
  const { user, locale } = await authorize(args, "sign-in");
  if (user) throw redirect(localizePath(homePath(user), locale));
  const redirectTo = safeRedirectPath(new URL(args.request.url).searchParams.get("redirectTo"));
  return { redirectTo };
}

export async function action(args: Route.ActionArgs) {
  const { user, locale } = await authorize(args, "sign-in");
  if (user) throw redirect(localizePath(homePath(user), locale));
  const parsed = signInSchema.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) return { error: "invalid-argument" as const, email: "" };
  const result = await signInWithPassword(parsed.data, args.request.headers, auditOrigin(args.request, args.context));
  if (!result.ok) return { error: result.code, email: parsed.data.email };
  const home = isRole(result.role) ? homePath({ id: result.userId, role: result.role }) : "/";
  const target = safeRedirectPath(parsed.data.redirectTo) ?? localizePath(home, locale);
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  throw redirect(target, { headers });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "errors"]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-md">
      <PageHeader routeKey="sign-in" />
      <p className="mb-6 text-slate-700">{t("auth:signIn.intro")}</p>
      <Form method="post" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" noValidate={false}>
        {actionData?.error ? <Alert tone="error">{t(errorMessageKey(actionData.error))}</Alert> : null}
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
        <Field label={t("auth:signIn.email")} name="email" type="email" autoComplete="username" required defaultValue={actionData?.email} />
        <Field label={t("auth:signIn.password")} name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" disabled={busy}>
          {busy ? t("auth:signIn.submitting") : t("auth:signIn.submit")}
        </Button>
      </Form>
      <p className="mt-4 text-sm"><Link to={localizePath("/forgot", locale)} className="text-sky-800 underline">{t("auth:signIn.forgot")}</Link></p>
    </div>
  );
}
