/** "E-mail me a sign-in link" on the sign-in page; the answer is the same whether or not the address has an account. */
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { MAGIC_LINK_TTL_MINUTES } from "~/domain/constants";

export function SignInLinkForm({ redirectTo, sentTo }: { redirectTo: string | null; sentTo: string | null }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "magic-link";
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="sign-in-link-title">
      <h2 id="sign-in-link-title" className="text-base font-semibold">
        {t("signInLink.title")}
      </h2>
      {sentTo ? <Alert tone="success">{t("signInLink.sent", { email: sentTo, minutes: MAGIC_LINK_TTL_MINUTES })}</Alert> : null}
      <input type="hidden" name="intent" value="magic-link" />
      <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
      <Field label={t("signIn.email")} name="linkEmail" type="email" autoComplete="username" required />
      <Button type="submit" variant="secondary" disabled={busy}>
        {t("signInLink.submit")}
      </Button>
    </Form>
  );
}
