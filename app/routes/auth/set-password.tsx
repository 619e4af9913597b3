import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { SetPasswordForm } from "~/components/set-password-form";
import { Alert } from "~/components/ui/alert";
import { errorMessageKey } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { homePath, isRole } from "~/domain/roles";
import { useLocalizedPath } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { cookieHeaders } from "~/server/auth/auth-request.server";
import { authorize } from "~/server/auth/authorize.server";
import { setPasswordFromLink, setPasswordLink } from "~/server/auth/set-password-link.server";
import type { Route } from "./+types/set-password";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { optionalInteger, rawText } from "~/domain/forms/fields";
import { PASSWORD_MAX_LENGTH } from "~/domain/constants";
import { LINK } from "~/components/ui/targets";
import { actionAnswer } from "~/server/http/responses.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["password"] };

const formSchema = z.object({
  token: rawText.min(1).max(200),
  expires: optionalInteger(0, Number.MAX_SAFE_INTEGER),
  password: rawText.max(PASSWORD_MAX_LENGTH),
  confirm: rawText.max(PASSWORD_MAX_LENGTH),
});

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "set-password");
  const params = new URL(args.request.url).searchParams;
  const token = params.get("token") ?? "";
  const expires = Number(params.get("expires")) || null;
  const link = await setPasswordLink(token, expires);
  return { token: link.state === "valid" ? token : "", expires, link };
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { locale } = await authorize(args, "set-password");
  const parsed = await parseForm(args.request, formSchema);
  if (!parsed.ok) return invalidForm(parsed, { error: "invalid-action-code" as const, problem: null });
  if (parsed.data.password !== parsed.data.confirm) return actionAnswer({ error: "mismatch" as const, problem: null });
  const result = await setPasswordFromLink(parsed.data.token, parsed.data.password, args.request.headers, auditOrigin(args.request, args.context), parsed.data.expires);
  if (!result.ok) return result.code === "weak-password" ? actionAnswer({ error: null, problem: result.problem }, "weak-password") : actionAnswer({ error: result.code, problem: null });
  const target = result.userId && isRole(result.role) ? homePath({ id: result.userId, role: result.role }) : "/?passwordSet=1";
  throw redirect(localizePath(target, locale), { headers: cookieHeaders(result.setCookies) });
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["password", "errors"]);
  const { link, token } = loaderData;
  const lp = useLocalizedPath();
  return (
    <div className="mx-auto max-w-md">
      <PageHeader routeKey="set-password" />
      {link.state === "valid" ? (
        <SetPasswordForm token={token} expires={loaderData.expires} kind={link.kind} email={link.email} name={link.name} error={actionData?.error} problem={actionData?.problem} />
      ) : (
        <div className="flex flex-col gap-4" data-testid="link-problem">
          <Alert tone="error">{t(errorMessageKey(link.state === "expired" ? "expired-action-code" : "invalid-action-code"))}</Alert>
          <p className="text-slate-700">{t("password:setPassword.linkHelp")}</p>
          <Link to={lp("/forgot")} className={LINK}>
            {t("password:setPassword.requestNew")}
          </Link>
        </div>
      )}
    </div>
  );
}
