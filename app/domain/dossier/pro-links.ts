import { routePath } from "~/domain/route-table";

/** Where the owner edits a dossier's anamnesis and media: the start page with `?dossier=`. */
export function proDraftPath(proId: string, dossierId: string): string {
  return `${routePath("pro-case", { proId })}?dossier=${dossierId}`;
}

/** Where a professional opens one of their dossiers: drafts to edit, everything else to read (and reply). */
export function proDossierPath(proId: string, row: { id: string; status: string }): string {
  return row.status === "draft" ? proDraftPath(proId, row.id) : routePath("supervisor-case", { caseId: row.id });
}
