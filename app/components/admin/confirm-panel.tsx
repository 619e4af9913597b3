import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "../ui/button";

/**
 * The "are you sure?" step of a destructive action. The action's button is a link to `?confirm=<intent>`; this
 * panel then posts the real change. Works without JavaScript and with the keyboard (focus lands on the panel).
 */
export function ConfirmPanel({ intent, children, cancelTo, fields = {}, confirmLabel }: { intent: string; children: ReactNode; cancelTo: string; fields?: Record<string, string>; confirmLabel: string }) {
  const { t } = useTranslation("people");
  return (
    <section role="alertdialog" aria-labelledby="confirm-title" className="mb-6 rounded-lg border border-amber-400 bg-amber-50 p-4" data-testid="confirm-panel">
      <h2 id="confirm-title" className="font-semibold text-amber-950">
        {t("people:confirm.title")}
      </h2>
      <div className="mt-2 text-amber-950">{children}</div>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the panel appeared because the person asked for it */}
        <Button type="submit" variant="danger" autoFocus>
          {confirmLabel}
        </Button>
        <Link to={cancelTo} className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100">
          {t("people:confirm.cancel")}
        </Link>
      </Form>
    </section>
  );
}
