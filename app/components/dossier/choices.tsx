/** Form controls for the dossier's choice lists: each option labelled dossier:choices.<list>.<code>. */
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";

export type ChoiceList =
  | "complaints"
  | "onset"
  | "history"
  | "canal"
  | "eardrum"
  | "diagnosis"
  | "plan"
  | "agreement"
  | "urgency"
  | "sex"
  | "earSide"
  | "ear";

const box = "rounded-md border border-slate-200 bg-white p-3";

export function Legend({ children }: { children: ReactNode }) {
  return <legend className="px-1 text-sm font-medium text-slate-800">{children}</legend>;
}

/** Several choices (checkboxes sharing one name). */
export function CheckboxGroup(props: { id?: string; name: string; list: ChoiceList; codes: readonly string[]; value?: readonly string[]; label: string; disabled?: boolean }) {
  const { t } = useTranslation("dossier");
  return (
    <fieldset id={props.id} className={box} disabled={props.disabled}>
      <Legend>{props.label}</Legend>
      <div className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
        {props.codes.map((code) => (
          <label key={code} className="flex min-h-9 items-center gap-2 text-sm">
            <input type="checkbox" name={props.name} value={code} defaultChecked={props.value?.includes(code)} className="size-4" />
            {t(`choices.${props.list}.${code}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One choice (radio buttons); `required` only where the form cannot be sent without it. */
export function RadioGroup(props: {
  id?: string;
  name: string;
  list?: ChoiceList;
  codes: readonly (string | number)[];
  value?: string | number | null;
  label: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation("dossier");
  return (
    <fieldset id={props.id} className={box} disabled={props.disabled}>
      <Legend>{props.label}</Legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {props.codes.map((code) => (
          <label key={code} className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="radio"
              name={props.name}
              value={code}
              defaultChecked={props.value !== undefined && props.value !== null && String(props.value) === String(code)}
              required={props.required}
              className="size-4"
            />
            {props.list ? t(`choices.${props.list}.${code}`) : code}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SelectField(props: { id?: string; name: string; list: ChoiceList; codes: readonly string[]; value?: string | null; label: string }) {
  const { t } = useTranslation("dossier");
  return (
    <div id={props.id} className="flex flex-col gap-1">
      <label htmlFor={`${props.name}-select`} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select id={`${props.name}-select`} name={props.name} defaultValue={props.value ?? ""} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base">
        <option value="">{t("form.choose")}</option>
        {props.codes.map((code) => (
          <option key={code} value={code}>
            {t(`choices.${props.list}.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TextArea(props: { id?: string; name: string; value?: string | null; label: string; rows?: number; required?: boolean }) {
  return (
    <div id={props.id} className="flex flex-col gap-1">
      <label htmlFor={`${props.name}-text`} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <textarea
        id={`${props.name}-text`}
        name={props.name}
        rows={props.rows ?? 3}
        defaultValue={props.value ?? ""}
        required={props.required}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
      />
    </div>
  );
}
