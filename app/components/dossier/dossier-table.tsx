/**
 * A table of dossier summaries (status, patient phone, ear side, dates), each row linking to the dossier. Rows are
 * plain markup translated with the table's one `t` and its one shared date formatter: no hook per row.
 */
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "~/lib/format-date";
import { Link } from "react-router";
import { displayPhone } from "~/domain/dossier/phone";
import { StatusBadgeLabel } from "./status-badge";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { translatedOnce } from "~/lib/translated-once";
import type { DossierTableRow } from "~/domain/dossier/list-rows";

export function DossierTable({ rows, hrefOf, empty, showProfessional }: { rows: DossierTableRow[]; hrefOf: (row: DossierTableRow) => string | null; empty: string; showProfessional?: boolean }) {
  const { t, i18n } = useTranslation("dossier");
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  if (rows.length === 0) return <p className="text-slate-600">{empty}</p>;
  // A phone shows each row as a card (the cells stacked, each with its column's name); the open link covers the
  // whole row, so the card (or, on a wider screen, the row) opens the dossier wherever it is tapped.
  const label = (text: string) => <span className="mr-1 text-slate-500 sm:hidden">{text}:</span>;
  // Translated once per table, not once per row: i18next's lookups were a tenth of a list page's server time.
  const word = translatedOnce(t);
  return (
    <ScrollRegion label={t("table.label")} className="rounded-lg border border-slate-200 bg-white">
      <table className="block w-full text-left text-sm sm:table">
        <thead className="hidden bg-slate-50 text-slate-700 sm:table-header-group">
          <tr>
            <th className="px-3 py-2">{word("table.status")}</th>
            <th className="px-3 py-2">{word("table.patient")}</th>
            <th className="px-3 py-2">{word("table.earSide")}</th>
            {showProfessional ? <th className="px-3 py-2">{word("table.professional")}</th> : null}
            <th className="px-3 py-2">{word("table.updated")}</th>
            <th className="px-3 py-2">
              <span className="sr-only">{word("table.open")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {rows.map((row) => {
            const href = hrefOf(row);
            return (
              <tr
                key={row.id}
                className={`relative block border-t border-slate-100 px-3 py-2 first:border-t-0 sm:table-row sm:p-0 sm:first:border-t ${href ? "hover:bg-slate-50" : ""}`}
                data-testid="dossier-row"
                data-dossier={row.id}
              >
                <td className="block py-0.5 sm:table-cell sm:px-3 sm:py-2">
                  <StatusBadgeLabel status={row.status} label={word(`status.${row.status}`)} />
                </td>
                <td className="block py-0.5 font-medium sm:table-cell sm:whitespace-nowrap sm:px-3 sm:py-2 sm:font-normal">
                  {label(word("table.patient"))}
                  {row.phone ? displayPhone(row.phone) : "—"}
                </td>
                <td className="block py-0.5 sm:table-cell sm:px-3 sm:py-2">
                  {label(word("table.earSide"))}
                  {word(`choices.earSide.${row.earSide}`)}
                </td>
                {showProfessional ? (
                  <td className="block py-0.5 sm:table-cell sm:px-3 sm:py-2">
                    {label(word("table.professional"))}
                    {row.professionalName}
                  </td>
                ) : null}
                <td className="block py-0.5 sm:table-cell sm:whitespace-nowrap sm:px-3 sm:py-2">
                  {label(word("table.updated"))}
                  {format.format(new Date(row.updatedAt))}
                </td>
                <td className="block py-1 sm:table-cell sm:px-3 sm:py-2">
                  {href ? (
                    <Link className="text-sky-800 underline after:absolute after:inset-0 after:content-['']" to={href}>
                      {word("table.open")}
                    </Link>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
