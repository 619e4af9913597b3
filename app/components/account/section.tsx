import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { errorMessageKey } from "~/domain/errors";
import type { AccountActionData, AccountSection } from "./account-types";

/** One titled card of the account page, with the outcome of its own last change. */
export function Section({ id, title, children, actionData }: { id: AccountSection; title: string; children: ReactNode; actionData?: AccountActionData }) {
  const { t } = useTranslation(["account", "errors"]);
  const mine = actionData?.section === id ? actionData : undefined;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid={`section-${id}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {mine?.error && !mine.reauth ? <Alert tone="error">{t(errorMessageKey(mine.error))}</Alert> : null}
      {mine?.done ? <Alert tone="success">{t(`account:done.${mine.done}`)}</Alert> : null}
      {children}
    </section>
  );
}

export function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}
