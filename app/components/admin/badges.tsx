import type { TFunction } from "i18next";

const TONE = {
  ok: "bg-emerald-100 text-emerald-900",
  warn: "bg-amber-100 text-amber-900",
  bad: "bg-red-100 text-red-900",
  neutral: "bg-slate-100 text-slate-800",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONE; children: string }) {
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${TONE[tone]}`}>{children}</span>;
}

/** A person's state: disabled wins over the invitation state. Lists pass their own `t` (no translation hook per row). */
export function PersonState({ banned, invitation, t }: { banned: boolean; invitation: string; t: TFunction<"people"> }) {
  if (invitation === "revoked") return <Badge tone="bad">{t("people:invitation.revoked")}</Badge>;
  if (banned) return <Badge tone="bad">{t("people:state.disabled")}</Badge>;
  if (invitation === "pending") return <Badge tone="warn">{t("people:invitation.pending")}</Badge>;
  if (invitation === "expired") return <Badge tone="warn">{t("people:invitation.expired")}</Badge>;
  return <Badge tone="ok">{t("people:state.active")}</Badge>;
}
