import { useTranslation } from "react-i18next";

/** Said wherever a synthetic model shows: it has seen only generated images, and its accuracy is on those. */
export function SyntheticNotice({ accuracy }: { accuracy?: number | null }) {
  const { t } = useTranslation("ml");
  return (
    <p role="note" data-testid="synthetic-notice" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {t("synthetic.notice")}
      {typeof accuracy === "number" ? ` ${t("synthetic.accuracy", { accuracy: (accuracy * 100).toFixed(1) })}` : null}
    </p>
  );
}
