/**
 * Per-field errors after a refused submit or completion (the GOV.UK pattern's second half): the summary at the top
 * links to each field, and each field says what it lacks beside itself, marked `aria-invalid` and tied to its
 * message with `aria-describedby`. The page provides the refused items; a field finds its own by its item code
 * (the same codes as the missing list and its links, app/domain/dossier/content.ts). A value the server refused says
 * what is wrong with it (its range, the text limit, not valid) instead of the item's "missing" wording.
 */
import { createContext, type ReactNode, useContext } from "react";
import { useTranslation } from "react-i18next";
import { fieldIdOf, type RefusedValueMessage } from "~/domain/dossier/form";

type RefusedValues = Readonly<Record<string, RefusedValueMessage>>;

const RefusedItems = createContext<{ items: ReadonlySet<string>; values: RefusedValues }>({ items: new Set(), values: {} });

/** `values`: the refused values among the items (a save's refusal), each with its own message; the rest are missing. */
export function FieldErrorsProvider({ items, values, children }: { items: readonly string[] | undefined; values?: RefusedValues; children: ReactNode }) {
  return <RefusedItems.Provider value={{ items: new Set(items ?? []), values: values ?? {} }}>{children}</RefusedItems.Provider>;
}

/** `reasoning-left-diagnosis` → `reasoning-diagnosis`: the message is the same for both ears. */
export function fieldErrorKey(item: string): string {
  return `fieldErrors.${item.replace(/^(reasoning|media|review)-(left|right)(-|$)/, (_, kind: string, _ear, dash: string) => `${kind}${dash}`)}`;
}

export interface FieldErrorState {
  invalid: boolean;
  /** The error message's element id, for `aria-describedby`. */
  errorId: string | undefined;
}

export function useFieldError(item: string | undefined): FieldErrorState {
  const refused = useContext(RefusedItems).items;
  const invalid = item !== undefined && refused.has(item);
  return { invalid, errorId: invalid ? `${fieldIdOf(item)}-error` : undefined };
}

/** The message beside the field; nothing when the field is fine. */
export function FieldErrorText({ item }: { item: string | undefined }) {
  const { t } = useTranslation(["dossier", "errors"]);
  const { invalid, errorId } = useFieldError(item);
  const values = useContext(RefusedItems).values;
  if (!invalid || !item) return null;
  const refusedValue = Object.hasOwn(values, item) ? values[item] : undefined;
  return (
    <p id={errorId} className="mt-1 text-sm font-medium text-red-700" data-testid="field-error">
      {refusedValue ? t(refusedValue.key, refusedValue.values) : t(fieldErrorKey(item))}
    </p>
  );
}

/** "(required)" after a label: the fields a submit or completion needs. */
export function RequiredMark() {
  const { t } = useTranslation("dossier");
  // The space inside the span: screen readers then read "Diagnosis (required)", not "Diagnosis(required)".
  return <span className="text-xs font-normal text-slate-600"> ({t("form.required")})</span>;
}
