/** The orders of a professional's own dossier list: the page offers these, the list query applies them. */
export const OWN_DOSSIER_SORTS = ["updated-desc", "updated-asc", "created-desc", "created-asc"] as const;
export type OwnDossierSort = (typeof OWN_DOSSIER_SORTS)[number];
