/**
 * One button per configured OpenID Connect provider. The button submits a form (redirect flow, works without
 * JavaScript); with JavaScript, "in a pop-up window" signs in without leaving the page, falling back to the
 * redirect when the browser blocks the window (decision 012).
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { ErrorCode } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { useLocale } from "~/lib/use-locale";
import { signInWithPopup } from "~/lib/oidc-popup";

interface Props {
  providers: { id: string; name: string }[];
  redirectTo: string | null;
  /** Shows a message (an error code) in the page's message area. */
  onNotice: (code: ErrorCode | null, tone?: "error" | "info") => void;
}

/** How long the "pop-up blocked" notice shows before the redirect flow takes over. */
const POPUP_BLOCKED_NOTICE_MS = 1_500;

export function OidcSignIn({ providers, redirectTo, onNotice }: Props) {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const [hydrated, setHydrated] = useState(false);
  const [waiting, setWaiting] = useState<string | null>(null);
  const forms = useRef(new Map<string, HTMLFormElement>());
  useEffect(() => setHydrated(true), []);
  if (providers.length === 0) return null;

  const signIn = localizePath("/", locale);
  async function popup(id: string) {
    onNotice(null);
    const verify = localizePath("/verify-login", locale);
    const outcome = signInWithPopup({ provider: id, callbackURL: `${verify}?popup=done`, errorCallbackURL: `${verify}?popup=error` });
    if (!outcome) {
      // Blocked: say so, and continue in this window by the redirect flow — after a moment, so the message can be
      // read before the page goes to the provider.
      onNotice("popup-blocked", "info");
      setTimeout(() => forms.current.get(id)?.requestSubmit(), POPUP_BLOCKED_NOTICE_MS);
      return;
    }
    setWaiting(id);
    const result = await outcome;
    setWaiting(null);
    if (result.ok) window.location.assign(redirectTo ?? signIn);
    else onNotice(result.code);
  }

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="oidc-title">
      <h2 id="oidc-title" className="text-base font-semibold">
        {t("oidc.title")}
      </h2>
      {providers.map((p) => (
        <div key={p.id} className="flex flex-col gap-1">
          <Form method="post" ref={(el) => void (el ? forms.current.set(p.id, el) : forms.current.delete(p.id))}>
            <input type="hidden" name="intent" value="oidc" />
            <input type="hidden" name="provider" value={p.id} />
            <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
            <Button type="submit" variant="secondary" className="w-full" data-provider={p.id}>
              {t("oidc.signInWith", { name: p.name })}
            </Button>
          </Form>
          {hydrated ? (
            <button type="button" className="min-h-11 self-end text-sm text-sky-800 underline sm:min-h-0" disabled={waiting !== null} onClick={() => void popup(p.id)}>
              {waiting === p.id ? t("oidc.waiting") : t("oidc.inPopup", { name: p.name })}
            </button>
          ) : null}
        </div>
      ))}
    </section>
  );
}
