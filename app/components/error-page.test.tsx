import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { serverI18n } from "~/i18n/i18n.server";
import { ErrorPage, statusTextKey } from "./error-page";

function render(status: number, path: string) {
  const locale = path.startsWith("/en") ? "en" : path.startsWith("/de") ? "de" : path.startsWith("/fr") ? "fr" : "nl";
  return renderToString(
    <I18nextProvider i18n={serverI18n(locale)}>
      <MemoryRouter initialEntries={[path]}>
        <ErrorPage status={status} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("the error page", () => {
  it("calls every 5xx an Internal Server Error, in each language", () => {
    for (const status of [500, 502, 503, 504, 599]) expect(statusTextKey(status)).toBe("500");
    expect(render(502, "/en/x")).toContain("Internal Server Error");
    expect(render(500, "/x")).toContain("Interne serverfout");
    expect(render(503, "/de/x")).toContain("Interner Serverfehler");
    expect(render(500, "/fr/x")).toContain("Erreur interne du serveur");
  });

  it("gives other 4xx statuses their own message, and unknown ones a generic client-error text", () => {
    expect(render(405, "/en/x")).toContain("Method Not Allowed");
    expect(render(429, "/en/x")).toContain("Too Many Requests");
    expect(render(418, "/en/x")).toContain("Client Error");
    expect(render(404, "/x")).toContain("Pagina niet gevonden");
  });

  it("shows the status code, the status message and a description", () => {
    const html = render(409, "/en/x");
    expect(html).toContain(">409<");
    expect(html).toContain("Conflict");
    expect(html).toContain("Someone else changed this in the meantime.");
  });
});
