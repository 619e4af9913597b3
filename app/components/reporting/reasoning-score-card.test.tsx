/** The reasoning score card speaks to the professional whose reasoning it is, and about them to anyone else. */
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { Reasoning } from "~/domain/dossier/content";
import { reasoningScore } from "~/domain/dossier/reasoning-score";
import { serverI18n } from "~/i18n/i18n.server";
import { ReasoningScoreCard } from "./reasoning-score-card";

const left: NonNullable<Reasoning["left"]> = { canal: [], eardrum: [], differential: [], diagnosis: "wax-impaction", plan: ["wax-removal", "ear-drops"], confidence: 3 };
const score = reasoningScore("left", { left }, { agreement: "agree", ears: { left: { diagnosis: "otitis-externa", plan: ["wax-removal"] } } });

const render = (locale: "nl" | "en", owner: boolean) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={serverI18n(locale)}>
      <ReasoningScoreCard score={score} owner={owner} />
    </I18nextProvider>,
  );

describe("ReasoningScoreCard", () => {
  it("says 'your' to the professional whose dossier it is", () => {
    const html = render("en", true);
    expect(html).toContain("How your reasoning compared");
    expect(html).toContain("Your diagnosis");
    expect(html).toContain("Only in your plan");
  });

  it("speaks of the professional to a supervisor or an administrator, in every language", () => {
    const en = render("en", false);
    expect(en).toContain("How the professional&#x27;s reasoning compared");
    expect(en).toContain("The professional&#x27;s diagnosis");
    expect(en).toContain("Only in the professional&#x27;s plan");
    expect(en).not.toMatch(/[Yy]our /);
    const nl = render("nl", false);
    expect(nl).toContain("Diagnose van de professional");
    expect(nl).not.toMatch(/\b[Uu]w?\b/);
  });
});
