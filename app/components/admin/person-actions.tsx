import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "../ui/button";
import { ConfirmPanel } from "./confirm-panel";
import { buttonClass } from "~/components/ui/button";

export interface PersonActionState {
  id: string;
  name: string;
  banned: boolean;
  invitation: string;
  self?: boolean;
}

/**
 * Disable/enable, reset second factor, resend/revoke invitation for one person, with the confirm step for the
 * destructive ones. `confirm` is the page's ?confirm= value and `here` the page's address (with ?id= on a list).
 * For oneself (`self`) neither disable nor reset is offered: the server refuses both, and one's own second factor
 * is changed on the account page, behind a recent sign-in.
 */
export function PersonActions({ person, here, confirm }: { person: PersonActionState; here: string; confirm: string | null }) {
  const { t } = useTranslation("people");
  const ask = (intent: string) => `${here}${here.includes("?") ? "&" : "?"}confirm=${intent}`;
  const fields = { userId: person.id };
  const canResend = person.invitation === "pending" || person.invitation === "expired" || person.invitation === "revoked";
  return (
    <div className="flex flex-col gap-2">
      {confirm === "disable" ? (
        <ConfirmPanel intent="disable" fields={fields} cancelTo={here} confirmLabel={t("people:person.disable")}>
          <p>{t("people:person.disableConfirm", { name: person.name })}</p>
        </ConfirmPanel>
      ) : null}
      {confirm === "reset-2fa" && !person.self ? (
        <ConfirmPanel intent="reset-2fa" fields={fields} cancelTo={here} confirmLabel={t("people:person.reset2fa")}>
          <p>{t("people:person.reset2faConfirm", { name: person.name })}</p>
        </ConfirmPanel>
      ) : null}
      {confirm === "revoke" ? (
        <ConfirmPanel intent="revoke" fields={fields} cancelTo={here} confirmLabel={t("people:person.revoke")}>
          <p>{t("people:person.revokeConfirm", { name: person.name })}</p>
        </ConfirmPanel>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {person.banned && person.invitation !== "revoked" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="enable" />
            <input type="hidden" name="userId" value={person.id} />
            <Button type="submit" variant="secondary">{t("people:person.enable")}</Button>
          </Form>
        ) : !person.banned && !person.self ? (
          <Link to={ask("disable")} className={buttonClass("dangerOutline")}>
            {t("people:person.disable")}
          </Link>
        ) : null}
        {!person.self ? (
          <Link to={ask("reset-2fa")} className={buttonClass("secondary")}>
            {t("people:person.reset2fa")}
          </Link>
        ) : null}
        {canResend ? (
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="userId" value={person.id} />
            <Button type="submit" variant="secondary">{t("people:person.resend")}</Button>
          </Form>
        ) : null}
        {person.invitation === "pending" || person.invitation === "expired" ? (
          <Link to={ask("revoke")} className={buttonClass("dangerOutline")}>
            {t("people:person.revoke")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
