import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PersonState } from "./badges";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { LINK } from "~/components/ui/targets";

interface Person {
  id: string;
  name: string;
  email: string;
  banned: boolean;
  invitation: string;
}

/**
 * The people list of the administrator, supervisor and organisation pages: name (a link), e-mail, the page's own
 * columns, and the person's state (nothing when the list is empty). `selectedId` highlights the row of a list
 * page's selected person.
 */
export function PeopleTable<P extends Person>({
  label,
  testId,
  people,
  hrefOf,
  selectedId,
  columns = [],
  afterName,
}: {
  /** What the list is (the page's title or the heading above it): the name of its scroll region. */
  label: string;
  testId: string;
  people: P[];
  hrefOf: (person: P) => string;
  selectedId?: string | null;
  columns?: { header: string; cell: (person: P) => ReactNode }[];
  afterName?: (person: P) => ReactNode;
}) {
  const { t } = useTranslation("people");
  // An empty list shows no table: the search line above it already says that nobody was found.
  if (!people.length) return null;
  return (
    <ScrollRegion label={label}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3">{t("people:invite.name")}</th>
            <th scope="col" className="py-2 pr-3">{t("people:invite.email")}</th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="py-2 pr-3">{c.header}</th>
            ))}
            <th scope="col" className="py-2 pr-3">{t("people:organisations.status")}</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.id} className={`border-b border-slate-100 ${selectedId === p.id ? "bg-sky-50" : ""}`}>
              <td className="py-2 pr-3">
                <Link to={hrefOf(p)} className={`${LINK} font-medium`}>{p.name}</Link>
                {afterName?.(p)}
              </td>
              <td className="py-2 pr-3">{p.email}</td>
              {columns.map((c) => (
                <td key={c.header} className="py-2 pr-3">{c.cell(p)}</td>
              ))}
              <td className="py-2 pr-3"><PersonState banned={p.banned} invitation={p.invitation} t={t} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
