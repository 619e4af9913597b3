/**
 * A table of dossier summaries (status, patient phone, ear side, dates), each row linking to the dossier. Rows are
 * plain markup translated with the table's one `t` and its one shared date formatter: no hook per row.
 */
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "~/lib/format-date";
import { Link } from "react-router";
import { displayPhone } from "~/domain/dossier/phone";
import { StatusBadgeLabel } from "./status-badge";

export interface DossierSummary {
  id: string;
  status: string;
  earSide: string;
  phone: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  professionalName?: string;
  professionalId?: string;
}

export function DossierTable({ rows, hrefOf, empty, showProfessional }: { rows: DossierSummary[]; hrefOf: (row: DossierSummary) => string | null; empty: string; showProfessional?: boolean }) {
  const { t, i18n } = useTranslation("dossier");
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  if (rows.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th className="px-3 py-2">{t("table.status")}</th>
            <th className="px-3 py-2">{t("table.patient")}</th>
            <th className="px-3 py-2">{t("table.earSide")}</th>
            {showProfessional ? <th className="px-3 py-2">{t("table.professional")}</th> : null}
            <th className="px-3 py-2">{t("table.updated")}</th>
            <th className="px-3 py-2">
              <span className="sr-only">{t("table.open")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-100" data-testid="dossier-row" data-dossier={row.id}>
              <td className="px-3 py-2">
                <StatusBadgeLabel status={row.status} label={t(`status.${row.status}`)} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{row.phone ? displayPhone(row.phone) : "—"}</td>
              <td className="px-3 py-2">{t(`choices.earSide.${row.earSide}`)}</td>
              {showProfessional ? <td className="px-3 py-2">{row.professionalName}</td> : null}
              <td className="px-3 py-2 whitespace-nowrap">{format.format(new Date(row.updatedAt))}</td>
              <td className="px-3 py-2">
                {hrefOf(row) ? (
                  <Link className="text-sky-800 underline" to={hrefOf(row)!}>
                    {t("table.open")}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
