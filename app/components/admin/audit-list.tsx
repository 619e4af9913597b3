import { dateTimeFormat } from "~/lib/format-date";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/use-locale";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { AUDIT_ACTIONS, type AuditAction, auditSentenceKey } from "~/domain/audit-actions";
import { AUDIT_NAMESPACES, auditFacts } from "./audit-values";

export interface AuditItem {
  id: string;
  at: string;
  action: string;
  actorName: string | null;
  before: unknown;
  after: unknown;
}

/** The action as a sentence in the page's language; an action without one (an old row) keeps its code. */
function sentence(t: (key: string, options: { defaultValue: string }) => string, action: string): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`people:audit.actions.${auditSentenceKey(action as AuditAction)}`, { defaultValue: action }) : action;
}

/** Who changed what, when, with the state before and after. */
export function AuditList({ items, title }: { items: AuditItem[]; title?: string }) {
  const { t, i18n } = useTranslation([...AUDIT_NAMESPACES]);
  const exists = (key: string) => i18n.exists(key);
  const locale = useLocale();
  const format = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
  return (
    <section className="mt-8" aria-labelledby="audit-title">
      <h2 id="audit-title" className="mb-2 text-lg font-semibold">
        {title ?? t("people:audit.title")}
      </h2>
      {items.length === 0 ? (
        <p className="text-slate-600">{t("people:audit.empty")}</p>
      ) : (
        <ScrollRegion label={title ?? t("people:audit.title")}>
          <table className="w-full text-left text-sm" data-testid="audit-table">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">{t("people:audit.when")}</th>
                <th scope="col" className="py-2 pr-3">{t("people:audit.who")}</th>
                <th scope="col" className="py-2 pr-3">{t("people:audit.what")}</th>
                <th scope="col" className="py-2 pr-3">{t("people:audit.before")}</th>
                <th scope="col" className="py-2">{t("people:audit.after")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{format.format(new Date(item.at))}</td>
                  <td className="py-2 pr-3">{item.actorName ?? t("people:audit.system")}</td>
                  <td className="py-2 pr-3" data-action={item.action}>
                    {sentence(t, item.action)}
                  </td>
                  <td className="py-2 pr-3 break-all text-slate-700">{auditFacts(item.before, t, exists)}</td>
                  <td className="py-2 break-all text-slate-700">{auditFacts(item.after, t, exists)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
