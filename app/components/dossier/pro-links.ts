import { routePath } from "~/domain/route-table";

/** Where a professional opens one of their dossiers: drafts to edit, everything else to read (and reply). */
export function proDossierPath(proId: string, row: { id: string; status: string }): string {
  return row.status === "draft" ? `${routePath("pro-case", { proId })}?dossier=${row.id}` : routePath("supervisor-case", { caseId: row.id });
}
