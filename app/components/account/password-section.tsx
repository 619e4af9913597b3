import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
// From the constants, not the password rule: that module carries the dictionaries (2 MB) and loads only on typing.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/constants";
import type { AccountActionData } from "./account-types";
import { usePasswordProblemText } from "~/components/password-strength";
import { ReauthPanel } from "./reauth-panel";
import { Intent, Section } from "./section";

export function PasswordSection({ actionData }: { actionData?: AccountActionData }) {
  const { t } = useTranslation(["account", "password"]);
  const describe = usePasswordProblemText();
  const mine = actionData?.section === "password" ? actionData : undefined;
  const reauth = mine?.reauth;
  // What is wrong, beside the field it is about: the rule's own words for the new password, or the repeat that differs.
  const problem = mine?.problem ? describe(mine.problem) : undefined;
  const mismatch = mine?.mismatch ? t("password:mismatch") : undefined;
  return (
    <Section id="password" title={t("password.title")} actionData={actionData}>
      {reauth ? (
        <ReauthPanel reauth={reauth} error={actionData?.error} />
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <Intent value="password" />
          <Field
            label={t("password.new")}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            hint={t("password.hint", { min: PASSWORD_MIN_LENGTH })}
            error={problem}
          />
          <Field
            label={t("password.confirm")}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            error={mismatch}
          />
          <p className="text-xs text-slate-600">{t("password.othersSignedOut")}</p>
          <div>
            <Button type="submit">{t("password.save")}</Button>
          </div>
        </Form>
      )}
    </Section>
  );
}
