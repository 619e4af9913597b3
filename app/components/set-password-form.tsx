import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { errorMessageKey, type ErrorCode } from "~/domain/errors";
import { personalInputs } from "~/domain/password-inputs";
import type { PasswordProblem } from "~/domain/password-policy";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { usePasswordProblemText, PasswordStrength } from "./password-strength";

export interface SetPasswordFormProps {
  token: string;
  /** A reset link's expiry hint, passed back on submit. */
  expires?: number | null;
  kind: "invitation" | "reset";
  email: string;
  name: string;
  error?: ErrorCode | "mismatch" | null;
  problem?: PasswordProblem | null;
}

/** The set-password form of /set-password and of its test copy. Works without JavaScript; live feedback with it. */
export function SetPasswordForm({ token, expires, kind, email, name, error, problem }: SetPasswordFormProps) {
  const { t } = useTranslation(["password", "errors"]);
  const describe = usePasswordProblemText();
  const busy = useNavigation().state === "submitting";
  const [password, setPassword] = useState("");
  const passwordInput = useRef<HTMLInputElement>(null);
  // A password typed before the page hydrated (a slow phone) is in the field but not in the state, and no change
  // event follows it: take it over once, so the strength feedback shows what is there.
  useEffect(() => {
    const typed = passwordInput.current?.value;
    if (typed) setPassword(typed);
  }, []);
  const id = useId();
  const inputs = personalInputs(name, email);
  const fieldError = problem ? describe(problem) : error === "mismatch" ? t("password:mismatch") : null;
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-slate-700">{kind === "invitation" ? t("password:setPassword.introInvitation", { email }) : t("password:setPassword.introReset", { email })}</p>
      {error && error !== "mismatch" ? <Alert tone="error">{t(errorMessageKey(error))}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      {expires ? <input type="hidden" name="expires" value={expires} /> : null}
      {/* For password managers: which account this password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-pw`} className="text-sm font-medium text-slate-800">
          {t("password:setPassword.password")}
        </label>
        <input
          id={`${id}-pw`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          maxLength={256}
          ref={passwordInput}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={fieldError && error !== "mismatch" ? true : undefined}
          aria-describedby={`${id}-strength ${fieldError ? `${id}-error` : ""}`}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600"
        />
        <PasswordStrength id={`${id}-strength`} password={password} userInputs={inputs} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-confirm`} className="text-sm font-medium text-slate-800">
          {t("password:setPassword.confirm")}
        </label>
        <input
          id={`${id}-confirm`}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          maxLength={256}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm"
        />
      </div>
      {fieldError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {fieldError}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {t("password:setPassword.submit")}
      </Button>
    </Form>
  );
}
