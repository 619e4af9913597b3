import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PasswordProblem } from "~/domain/password-policy";

type Policy = typeof import("~/domain/password-policy");

/** The message for a password problem, in the page's language. */
export function usePasswordProblemText(): (problem: PasswordProblem) => string {
  const { t } = useTranslation("password");
  return (problem) => {
    if (problem.code === "too-short") return t("password:problems.tooShort", { min: problem.min });
    if (problem.code === "too-long") return t("password:problems.tooLong", { max: problem.max });
    const warning = problem.warning ? ` ${t(`password:warnings.${problem.warning}`)}` : "";
    return `${t("password:problems.tooWeak")}${warning}`;
  };
}

/**
 * Live feedback while typing. The policy module (with its Dutch and English dictionaries) is loaded only when
 * the person starts typing; the server checks the same rule again on submit.
 */
export function PasswordStrength({ password, userInputs, id }: { password: string; userInputs: string[]; id: string }) {
  const { t } = useTranslation("password");
  const describe = usePasswordProblemText();
  const [policy, setPolicy] = useState<Policy | null>(null);
  useEffect(() => {
    if (!password || policy) return;
    let live = true;
    void import("~/domain/password-policy").then((m) => live && setPolicy(m));
    return () => {
      live = false;
    };
  }, [password, policy]);
  if (!password) return <p id={id} className="text-xs text-slate-600">{t("password:hint")}</p>;
  if (!policy) return <p id={id} className="text-xs text-slate-600" aria-live="polite">{t("password:checking")}</p>;
  const problem = policy.passwordProblem(password, userInputs);
  const score = policy.passwordScore(password, userInputs);
  return (
    <div id={id} aria-live="polite" className="flex flex-col gap-1" data-testid="password-strength">
      <meter min={0} max={4} low={2} high={3} optimum={4} value={score} aria-label={t("password:meter")} className="h-2 w-full" />
      <p className={`text-sm ${problem ? "text-red-700" : "text-emerald-800"}`}>{problem ? describe(problem) : t("password:strong")}</p>
    </div>
  );
}
