import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { AutosaveState } from "~/lib/use-autosave";

/** The autosave's state in words; after a version conflict, the two ways out. */
export function AutosaveStatus({ state, onOverwrite, onDiscard }: { state: AutosaveState; onOverwrite: () => void; onDiscard: () => void }) {
  const { t } = useTranslation("dossier");
  if (state === "conflict") {
    return (
      <Alert tone="error">
        <p>{t("autosave.conflict")}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={onOverwrite}>
            {t("autosave.overwrite")}
          </Button>
          <Button type="button" variant="ghost" onClick={onDiscard}>
            {t("autosave.discard")}
          </Button>
        </div>
      </Alert>
    );
  }
  if (state === "idle") return null;
  if (state === "refused") {
    return (
      <p role="alert" data-autosave={state} className="text-sm font-medium text-red-700">
        {t("autosave.refused")}
      </p>
    );
  }
  return (
    <p role="status" data-autosave={state} className="text-sm text-slate-600">
      {t(`autosave.${state}`)}
    </p>
  );
}
