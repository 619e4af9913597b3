import { useTranslation } from "react-i18next";

const TONES: Record<string, string> = {
  draft: "bg-slate-100 text-slate-800",
  submitted: "bg-sky-100 text-sky-900",
  in_review: "bg-violet-100 text-violet-900",
  returned: "bg-amber-100 text-amber-900",
  completed: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-slate-200 text-slate-600",
};

/**
 * A status badge whose label the caller translates. Lists use this with their own `t`: a translation hook per row
 * subscribes every row to i18next and dominated the CPU profile of long lists (issue 13).
 */
export function StatusBadgeLabel({ status, label }: { status: string; label: string }) {
  return (
    <span data-status={status} className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${TONES[status] ?? TONES.draft}`}>
      {label}
    </span>
  );
}

/** A single status badge (a page header); lists use StatusBadgeLabel. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("dossier");
  return <StatusBadgeLabel status={status} label={t(`status.${status}`)} />;
}
