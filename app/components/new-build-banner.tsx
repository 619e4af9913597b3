import { useTranslation } from "react-i18next";
import { useNewBuildAvailable } from "~/lib/use-new-build";

/** Offers a reload once a newer build is deployed; never reloads by itself (the user may be typing). */
export function NewBuildBanner() {
  const { t } = useTranslation("common");
  const available = useNewBuildAvailable();
  if (!available) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-3 bg-sky-700 px-4 py-2 text-sm text-white print:hidden">
      <span>{t("newBuild.message")}</span>
      <button
        type="button"
        className="min-h-11 rounded bg-white px-3 py-1 font-medium text-sky-800 hover:bg-sky-50 sm:min-h-0"
        onClick={() => window.location.reload()}
      >
        {t("newBuild.reload")}
      </button>
    </div>
  );
}
