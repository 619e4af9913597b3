/**
 * A plan for one ear (the professional's proposed plan, the supervisor's advised plan): the choices, with the days
 * until follow-up inside them once "follow-up" is ticked, and the same plan as read-only text, where a follow-up
 * names its days ("Follow-up after 7 days") instead of the generic choice.
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { FOLLOW_UP_DAYS_MAX, FOLLOW_UP_DAYS_MIN, PLANS } from "~/domain/dossier/choices";
import { CheckboxGroup, ItemInput } from "./choices";

export function planText(t: TFunction<"dossier">, plan: readonly string[] | undefined, followUpDays: number | undefined): string {
  if (!plan?.length) return "—";
  return plan
    .map((code) => (code === "follow-up" && followUpDays ? t("view.followUpAfter", { count: followUpDays }) : t(`choices.plan.${code}`)))
    .join(", ");
}

export function PlanChoice(props: {
  /** The plan's field name; the days are `<prefix>.followUpDays` beside `<prefix>.plan`. */
  prefix: string;
  /** The missing-list codes of the plan (when it is required) and of its follow-up days. */
  item?: string;
  followUpItem: string;
  label: string;
  /** The days' label, when the page shows both ears' plans at once and must say which ear's days these are. */
  daysLabel?: string;
  value: { plan?: readonly string[]; followUpDays?: number } | undefined;
}) {
  const { t } = useTranslation("dossier");
  return (
    <CheckboxGroup
      item={props.item}
      name={`${props.prefix}.plan`}
      list="plan"
      codes={PLANS}
      value={props.value?.plan}
      label={props.label}
      extra={{
        code: "follow-up",
        node: (
          // Shown by app.css once follow-up is ticked (before hydration and without JavaScript too).
          <div className="mt-1 mb-2 pl-6" data-applies="follow-up">
            <ItemInput
              item={props.followUpItem}
              label={props.daysLabel ?? t("fields.followUpDays")}
              name={`${props.prefix}.followUpDays`}
              type="number"
              inputMode="numeric"
              min={FOLLOW_UP_DAYS_MIN}
              max={FOLLOW_UP_DAYS_MAX}
              defaultValue={props.value?.followUpDays ?? ""}
            />
          </div>
        ),
      }}
    />
  );
}
