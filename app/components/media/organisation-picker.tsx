import { useTranslation } from "react-i18next";

/** Where uploads go: an admin or supervisor chooses; a professional has one organisation. */
export function OrganisationPicker({ organisations, value, onChange }: { organisations: { id: string; name: string }[]; value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation("media");
  if (organisations.length === 0) return <p className="text-sm text-red-700">{t("noOrganisation")}</p>;
  return (
    <label className="block text-sm text-slate-700">
      {t("organisation")}
      <select
        className="mt-1 block w-full max-w-xs rounded-md border border-slate-300 bg-white px-2 py-2"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid="organisation-select"
      >
        {organisations.map((organisation) => (
          <option key={organisation.id} value={organisation.id}>
            {organisation.name}
          </option>
        ))}
      </select>
    </label>
  );
}
