/** The read-only reasoning and review as the supervisor, the owner and the summary see them (rendered to markup; no browser needed). */
import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { expect, test } from "vitest";
import type { Reasoning, Review } from "~/domain/dossier/content";
import { i18nOptions } from "~/i18n/config";
import dossier from "~/i18n/locales/nl/dossier.json";
import { ReasoningView, ReviewView } from "./dossier-content";

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nOptions("nl"), ns: ["dossier"], resources: { nl: { dossier } }, initAsync: false });

const right = { canal: ["normal"], eardrum: ["red"], diagnosis: "acute-otitis-media", differential: [], confidence: 3, plan: ["ear-drops", "follow-up"], followUpDays: 7, argument: "Rood." };
const render = (reasoning: Reasoning, ears: ("left" | "right")[]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ReasoningView reasoning={reasoning} ears={ears} />
    </I18nextProvider>,
  );

test("a follow-up names its days in place of the generic choice", () => {
  const html = render({ right } as Reasoning, ["right"]);
  expect(html).toContain("Oordruppels, Controle na 7 dagen");
  expect(html).not.toContain("N dagen");
});

test("one day is one day, not one days", () => {
  expect(render({ right: { ...right, followUpDays: 1 } } as Reasoning, ["right"])).toContain("Oordruppels, Controle na 1 dag<");
});

test("the supervisor's advised follow-up names its days too", () => {
  const review: Review = { agreement: "partly", ears: { left: { diagnosis: "otitis-externa", plan: ["ear-drops", "follow-up"], followUpDays: 14 } } };
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ReviewView review={review} ears={["left"]} />
    </I18nextProvider>,
  );
  expect(html).toContain("Oordruppels, Controle na 14 dagen");
  expect(html).not.toContain("N dagen");
});

test("one ear takes the full width; two ears sit side by side", () => {
  expect(render({ right } as Reasoning, ["right"])).not.toContain("md:grid-cols-2");
  expect(render({ left: right, right } as Reasoning, ["left", "right"])).toContain("md:grid-cols-2");
});
