import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { SetPasswordForm } from "~/components/set-password-form";
import { Alert } from "~/components/ui/alert";
import { personalInputs } from "~/domain/password-inputs";
import { authorize } from "~/server/auth/authorize.server";
import { passwordProblemOf } from "~/server/auth/password-check.server";
import type { Route } from "./+types/set-password-copy";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { rawText } from "~/domain/forms/fields";
import { PASSWORD_MAX_LENGTH } from "~/domain/constants";
import { actionAnswer } from "~/server/http/responses.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["password"] };

/** A made-up link for a made-up person: the screen as an invitee sees it, for visual checks. Nothing is stored. */
const SAMPLE = { token: "sample-token-not-real", email: "femke.voorbeeld@example.test", name: "Femke Voorbeeld" };

const formSchema = z.object({ password: rawText.max(PASSWORD_MAX_LENGTH), confirm: rawText.max(PASSWORD_MAX_LENGTH) });

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "test-set-password-copy");
  return SAMPLE;
}

/** Runs the real password rule on the server and reports the outcome; sets nothing and signs nobody in. */
export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  await authorize(args, "test-set-password-copy");
  const parsed = await parseForm(args.request, formSchema);
  if (!parsed.ok) return invalidForm(parsed, { error: parsed.code, problem: null, accepted: false });
  if (parsed.data.password !== parsed.data.confirm) return actionAnswer({ error: "mismatch" as const, problem: null, accepted: false });
  const problem = await passwordProblemOf(parsed.data.password, personalInputs(SAMPLE.name, SAMPLE.email));
  return { error: null, problem, accepted: !problem };
}

export default function SetPasswordCopy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("password");
  return (
    <div className="mx-auto max-w-md">
      <PageHeader routeKey="test-set-password-copy" />
      <Alert tone="info">{t("password:copy.note")}</Alert>
      <div className="mt-4">
        {actionData?.accepted ? <Alert tone="success">{t("password:copy.accepted")}</Alert> : null}
        <SetPasswordForm token={loaderData.token} kind="invitation" email={loaderData.email} name={loaderData.name} error={actionData?.error} problem={actionData?.problem} />
      </div>
    </div>
  );
}
