import { useTranslation } from "react-i18next";
import { CHOICE_LABEL } from "~/components/ui/targets";

/** A fieldset of checkboxes; posts every checked id as `organisationIds`. */
export function OrganisationCheckboxes({ organisations, checked, error }: { organisations: { id: string; name: string }[]; checked: string[]; error?: string }) {
  const { t } = useTranslation("people");
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-slate-800">{t("people:supervisor.organisations")}</legend>
      <div className="mt-1 grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
        {organisations.map((o) => (
          <label key={o.id} className={CHOICE_LABEL}>
            <input type="checkbox" name="organisationIds" value={o.id} defaultChecked={checked.includes(o.id)} />
            {o.name}
          </label>
        ))}
      </div>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
