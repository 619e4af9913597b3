import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { Locale } from "~/domain/locales";
import { dateTimeFormat } from "~/lib/format-date";
import type { AccountActionData, AccountPageData } from "./account-types";
import { Intent, Section } from "./section";

export function SessionsSection({ data, actionData, locale }: { data: AccountPageData; actionData?: AccountActionData; locale: Locale }) {
  const { t } = useTranslation("account");
  // The clinic's time zone, so the server's and the browser's rendering agree.
  const format = dateTimeFormat(locale);
  const formatTime = (iso: string) => format.format(new Date(iso));
  const others = data.sessions.filter((s) => !s.current).length;
  return (
    <Section id="sessions" title={t("sessions.title")} actionData={actionData}>
      <ul className="flex flex-col divide-y divide-slate-200" data-testid="session-list">
        {data.sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session" data-current={s.current ? "true" : "false"}>
            <div className="text-sm">
              <p className="font-medium text-slate-900">
                {[s.browser ?? t("sessions.unknownBrowser"), s.system].filter(Boolean).join(" · ")}
                {s.current ? <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">{t("sessions.current")}</span> : null}
              </p>
              <p className="text-slate-600">
                {t("sessions.signedIn", { time: formatTime(s.signedInAt) })} · {t("sessions.lastSeen", { time: formatTime(s.lastSeenAt) })}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <Intent value="session-revoke" />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button type="submit" variant="secondary">
                  {t("sessions.revoke")}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <Intent value="sessions-revoke-others" />
          <Button type="submit" variant="danger">
            {t("sessions.revokeOthers")}
          </Button>
        </Form>
      ) : null}
    </Section>
  );
}
