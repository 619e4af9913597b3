import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { errorMessageKey } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { loginFlowOverview } from "~/server/auth/login-flow.server";
import { oidcSignInAction, signInLinkAction, type SignInActionData } from "~/server/auth/sign-in-actions.server";
import type { Route } from "./+types/login-flow";
import { parseForm } from "~/server/forms/parse-form.server";
import { intents } from "~/domain/forms/fields";
import { z } from "zod";

/** The sign-in link and social sign-in forms; their handlers check their own fields. */
const loginFlowForm = z.object({ intent: intents(["magic-link", "oidc"]) });

export const handle = { i18n: ["auth"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "test-login-flow");
  return loginFlowOverview(user);
}

export async function action(args: Route.ActionArgs) {
  const { locale } = await authorize(args, "test-login-flow");
  const parsed = await parseForm(args.request, loginFlowForm);
  // Anything else just shows the page again, as before.
  if (!parsed.ok) throw redirect(localizePath("/test/login-flow", locale));
  if (parsed.data.intent === "magic-link") return signInLinkAction(parsed.form, args.request, args.context, locale);
  return oidcSignInAction(parsed.form, args.request, args.context, locale);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "errors"]);
  const lp = useLocalizedPath();
  const result = actionData as SignInActionData | undefined;
  const { providers, outbox } = loaderData;
  const here = lp("/test/login-flow");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader routeKey="test-login-flow" />
      {result?.error ? <Alert tone="error">{t(errorMessageKey(result.error))}</Alert> : null}
      <section aria-labelledby="methods" className="flex flex-col gap-3">
        <h2 id="methods" className="text-lg font-semibold">
          {t("auth:loginFlow.methods")}
        </h2>
        <ul className="flex flex-col gap-3" data-testid="methods">
          <li className="rounded border border-slate-200 bg-white p-4">
            <strong>{t("auth:loginFlow.password")}</strong> — {t("auth:loginFlow.on")}.{" "}
            <Link to={lp("/")} target="_blank" className="text-sky-800 underline">
              {t("auth:loginFlow.trySignInPage")}
            </Link>
          </li>
          <li className="rounded border border-slate-200 bg-white p-4">
            <strong>{t("auth:loginFlow.magicLink")}</strong> — {t("auth:loginFlow.on")} ({t(`auth:loginFlow.transport.${loaderData.emailTransport}`)})
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="magic-link" />
              <input type="hidden" name="redirectTo" value={here} />
              <Field label={t("auth:signIn.email")} name="linkEmail" type="email" required />
              <Button type="submit" variant="secondary">
                {t("auth:signInLink.submit")}
              </Button>
            </Form>
            {result?.linkSentTo ? <p className="mt-2 text-sm">{t("auth:loginFlow.linkRequested", { email: result.linkSentTo })}</p> : null}
          </li>
          <li className="rounded border border-slate-200 bg-white p-4">
            <strong>{t("auth:loginFlow.phone")}</strong> — {loaderData.phone ? t("auth:loginFlow.on") : t("auth:loginFlow.off")}
          </li>
          {providers.length === 0 ? (
            <li className="rounded border border-slate-200 bg-white p-4">
              <strong>{t("auth:loginFlow.oidc")}</strong> — {t("auth:loginFlow.noProviders")}
            </li>
          ) : null}
          {providers.map((p) => (
            <li key={p.id} className="rounded border border-slate-200 bg-white p-4" data-provider={p.id}>
              <strong>
                {t("auth:loginFlow.oidc")}: {p.name}
              </strong>{" "}
              ({p.origin}) — {p.ready ? t("auth:loginFlow.ready") : t("auth:loginFlow.notReady")}
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="oidc" />
                <input type="hidden" name="provider" value={p.id} />
                <input type="hidden" name="redirectTo" value={here} />
                <Button type="submit" variant="secondary" disabled={!p.ready}>
                  {t("auth:oidc.signInWith", { name: p.name })}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">{t("auth:loginFlow.switchWarning")}</p>
      </section>
      <section aria-labelledby="outbox" className="flex flex-col gap-3">
        <h2 id="outbox" className="text-lg font-semibold">
          {t("auth:loginFlow.outbox")}
        </h2>
        {loaderData.emailTransport === "smtp" ? <p className="text-sm text-slate-600">{t("auth:loginFlow.smtpNote")}</p> : null}
        {outbox.length === 0 ? <p>{t("auth:loginFlow.outboxEmpty")}</p> : null}
        <ol className="flex flex-col gap-3" data-testid="outbox">
          {outbox.map((m) => (
            // Addresses and links in the messages break anywhere: the page fits a phone.
            <li key={m.file} className="min-w-0 rounded border border-slate-200 bg-white p-4 text-sm wrap-anywhere">
              <p className="font-medium">{m.kind === "email" ? m.subject : t("auth:loginFlow.sms")}</p>
              <p className="text-slate-600">
                {m.to} · {m.sentAt}
              </p>
              <pre className="mt-2 whitespace-pre-wrap font-sans">{m.kind === "email" ? m.text : m.body}</pre>
              {m.links.map((link) => (
                <a key={link} href={link} className="block break-all text-sky-800 underline">
                  {link}
                </a>
              ))}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
