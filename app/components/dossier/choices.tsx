/**
 * Form controls for the dossier's choice lists: each option labelled dossier:choices.<list>.<code>. A control given
 * the `item` it answers for (a missing-list code) is marked required, carries that item's field id for the summary's
 * links, and shows its own error after a refused submit (field-errors.tsx).
 */
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { fieldIdOf } from "~/domain/dossier/form";
import { FieldErrorText, RequiredMark, useFieldError } from "./field-errors";
import { CHOICE_LABEL } from "~/components/ui/targets";

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

// min-w-0: a fieldset is as wide as its longest unbroken label by default (min-inline-size: min-content), so a long
// choice ("Ohrschmalzentfernung/Spülung") would push the form, and the page, wider than the screen.
const box = "min-w-0 rounded-md border border-slate-200 bg-white p-3 aria-[invalid=true]:border-red-600";
const control = "rounded-md border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600";

export function Legend({ children, needed }: { children: ReactNode; needed?: boolean }) {
  return (
    <legend className="px-1 text-sm font-medium text-slate-800">
      {children}
      {needed ? <RequiredMark /> : null}
    </legend>
  );
}

interface ItemProps {
  /** The missing-list code this control answers for; its field id unless `id` is given. */
  item?: string;
  id?: string;
}

function idOf(props: ItemProps): string | undefined {
  return props.id ?? (props.item ? fieldIdOf(props.item) : undefined);
}

/** Several choices (checkboxes sharing one name); `extra` places a follow-up field right after one choice. */
export function CheckboxGroup(
  props: ItemProps & { name: string; list: ChoiceList; codes: readonly string[]; value?: readonly string[]; label: string; disabled?: boolean; hiddenCodes?: readonly string[]; extra?: { code: string; node: ReactNode } },
) {
  const { t } = useTranslation("dossier");
  const { invalid, errorId } = useFieldError(props.item);
  return (
    <fieldset id={idOf(props)} className={`@container ${box} ${invalid ? "border-red-600" : ""}`} disabled={props.disabled} aria-describedby={errorId}>
      <Legend needed={props.item !== undefined}>{props.label}</Legend>
      <FieldErrorText item={props.item} />
      {/* Two columns only where the group itself is wide enough (a narrow column of the review page splits
          French words otherwise), whatever the screen. */}
      <div className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 @md:grid-cols-2">
        {props.codes.map((code) => {
          // A choice made elsewhere (the working diagnosis in the differential) is not offered twice: hidden and
          // disabled, so it is neither shown nor sent, and comes back with its tick when the other choice changes.
          const hidden = props.hiddenCodes?.includes(code) ?? false;
          return (
            <div key={code} hidden={hidden} className={props.extra?.code === code ? "min-w-0 @md:col-span-2" : "min-w-0"}>
              <label className={CHOICE_LABEL}>
                <input
                  type="checkbox"
                  name={props.name}
                  value={code}
                  defaultChecked={props.value?.includes(code)}
                  disabled={hidden || undefined}
                  aria-invalid={invalid || undefined}
                  className="size-4 shrink-0"
                />
                {/* Long words wrap at hyphenation points of the page's language (html lang), else anywhere. */}
                <span className="min-w-0 hyphens-auto wrap-break-word">{t(`choices.${props.list}.${code}`)}</span>
              </label>
              {props.extra?.code === code ? props.extra.node : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** One choice (radio buttons); `required` only where the form cannot be sent without it. */
export function RadioGroup(
  props: ItemProps & {
    name: string;
    list?: ChoiceList;
    codes: readonly (string | number)[];
    value?: string | number | null;
    label: string;
    required?: boolean;
    disabled?: boolean;
    /** The form the choice belongs to when it stands outside it (the ear side in the draft's patient step). */
    form?: string;
  },
) {
  const { t } = useTranslation("dossier");
  const { invalid, errorId } = useFieldError(props.item);
  return (
    // A radio cannot be invalid by itself (ARIA): the group is, as a radiogroup.
    <fieldset
      id={idOf(props)}
      role="radiogroup"
      className={`${box} ${invalid ? "border-red-600" : ""}`}
      disabled={props.disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={errorId}
    >
      <Legend needed={props.item !== undefined || props.required}>{props.label}</Legend>
      <FieldErrorText item={props.item} />
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {props.codes.map((code) => (
          <label key={code} className={CHOICE_LABEL}>
            <input
              type="radio"
              name={props.name}
              value={code}
              defaultChecked={props.value !== undefined && props.value !== null && String(props.value) === String(code)}
              required={props.required}
              form={props.form}
              className="size-4"
            />
            {props.list ? t(`choices.${props.list}.${code}`) : code}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SelectField(
  props: ItemProps & { name: string; list: ChoiceList; codes: readonly string[]; value?: string | null; label: string; onChange?: (value: string) => void },
) {
  const { t } = useTranslation("dossier");
  const { invalid, errorId } = useFieldError(props.item);
  return (
    <div id={idOf(props)} className="flex flex-col gap-1">
      <label htmlFor={`${props.name}-select`} className="text-sm font-medium text-slate-800">
        {props.label}
        {props.item !== undefined ? <RequiredMark /> : null}
      </label>
      <select
        id={`${props.name}-select`}
        name={props.name}
        defaultValue={props.value ?? ""}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        onChange={props.onChange ? (e) => props.onChange?.(e.currentTarget.value) : undefined}
        className={control}
      >
        <option value="">{t("form.choose")}</option>
        {props.codes.map((code) => (
          <option key={code} value={code}>
            {t(`choices.${props.list}.${code}`)}
          </option>
        ))}
      </select>
      <FieldErrorText item={props.item} />
    </div>
  );
}

export function TextArea(props: ItemProps & { name: string; value?: string | null; label: string; rows?: number; required?: boolean }) {
  const { invalid, errorId } = useFieldError(props.item);
  return (
    <div id={idOf(props)} className="flex flex-col gap-1">
      <label htmlFor={`${props.name}-text`} className="text-sm font-medium text-slate-800">
        {props.label}
        {props.item !== undefined || props.required ? <RequiredMark /> : null}
      </label>
      <textarea
        id={`${props.name}-text`}
        name={props.name}
        rows={props.rows ?? 3}
        defaultValue={props.value ?? ""}
        required={props.required}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        className={control}
      />
      <FieldErrorText item={props.item} />
    </div>
  );
}

/** A number or text input answering for a missing-list item: the same marking and error as the choice controls. */
export function ItemInput({ item, label, ...input }: React.InputHTMLAttributes<HTMLInputElement> & { item: string; label: string; name: string }) {
  const { invalid, errorId } = useFieldError(item);
  const inputId = `${input.name}-input`;
  return (
    <div id={fieldIdOf(item)} className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
        <RequiredMark />
      </label>
      <input id={inputId} aria-invalid={invalid || undefined} aria-describedby={errorId} className={`${control} shadow-sm`} {...input} />
      <FieldErrorText item={item} />
    </div>
  );
}
