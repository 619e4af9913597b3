import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError } from "react-router";
import { accountRefusalOf, ErrorPage } from "~/components/error-page";
import { NewBuildBanner } from "~/components/new-build-banner";
import { OfflineBanner } from "~/components/offline-banner";
import { isNamespace } from "~/i18n/config";
import { isChunkLoadError, reloadForChunkError } from "~/lib/chunk-reload";
import { PUBLIC_CONFIG_ELEMENT_ID, serializePublicConfig, useNonce, usePublicConfig } from "~/lib/public-config";
import stylesheet from "./app.css?url";

export const links = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const config = usePublicConfig();
  // Marks the page as hydrated (its handlers attached), for tools that must not act on the server's HTML alone.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={i18n.language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-slate-50 text-slate-900 antialiased">
        {children}
        <script
          id={PUBLIC_CONFIG_ELEMENT_ID}
          type="application/json"
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serializePublicConfig(config) }}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The message files the matched routes declare in `handle.i18n`, loaded as part of every client-side navigation
 * (the navigation waits, as a transition, and the old page stays until they are there). Without this a part of
 * the page that appears later, after some state changed, would be the first to ask for them and suspend, hiding
 * its surroundings for a moment (the recorder's live picture did, when its in-ear indicator appeared).
 */
function useRouteNamespaces(): void {
  const declared = useMatches().flatMap((match) => [(match.handle as { i18n?: unknown } | undefined)?.i18n ?? []].flat());
  useTranslation([...new Set(declared.filter(isNamespace))]);
}

export default function App() {
  useRouteNamespaces();
  return (
    <>
      <NewBuildBanner />
      <OfflineBanner />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (typeof window !== "undefined" && isChunkLoadError(error)) reloadForChunkError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} code={isRouteErrorResponse(error) ? accountRefusalOf(error.data) : undefined} />;
}
