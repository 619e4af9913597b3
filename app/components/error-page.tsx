import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { localizePath, splitLocalePath } from "~/domain/locales";
import { LINK } from "~/components/ui/targets";
import { SignOutButton } from "~/components/sign-out-button";
import { errorMessageKey } from "~/domain/errors";

/** Refusals the error page explains in their own words (the error boundary passes their code). */
export const ACCOUNT_REFUSALS = ["no-organisation"] as const;
export type AccountRefusal = (typeof ACCOUNT_REFUSALS)[number];

export function accountRefusalOf(data: unknown): AccountRefusal | undefined {
  const code = (data as { code?: unknown } | null)?.code;
  return ACCOUNT_REFUSALS.find((known) => known === code);
}

/** 5xx is always "Internal Server Error"; 4xx statuses have their own words, others the generic client-error text. */
const KNOWN_4XX = new Set([400, 401, 403, 404, 405, 408, 409, 410, 413, 415, 422, 429]);

export function statusTextKey(status: number): string {
  if (status >= 500) return "500";
  return KNOWN_4XX.has(status) ? String(status) : "4xx";
}

/** The error page of seed §2: the status code, its status message and a description, in the page's language. */
/**
 * `code`: a refusal about the user's own account that only they can resolve with help, explained in its own words
 * (errors:codes.<code>). Going "home" would come back here, so the page offers signing out instead.
 */
export function ErrorPage({ status, code }: { status: number; code?: AccountRefusal }) {
  const { t } = useTranslation("errors");
  const { pathname } = useLocation();
  const key = statusTextKey(status);
  const title = t(`status.${key}.title`);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-6 py-16">
      <title>{`${status} ${title} · Casus`}</title>
      <p className="text-6xl font-bold text-sky-800" data-testid="error-status">
        {status}
      </p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-700" data-testid="error-description">
        {code ? t(errorMessageKey(code)) : t(`status.${key}.description`)}
      </p>
      {code ? (
        <div>
          <SignOutButton />
        </div>
      ) : (
        <p>
          <Link className={LINK} to={localizePath("/", splitLocalePath(pathname).locale)} reloadDocument>
            {t("backHome")}
          </Link>
        </p>
      )}
    </main>
  );
}
