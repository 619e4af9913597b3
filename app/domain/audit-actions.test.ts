/** Audit rows read as sentences (issue 16 point 4): every recorded action has one in each language, and no more. */
import { describe, expect, it } from "vitest";
import de from "~/i18n/locales/de/people.json";
import en from "~/i18n/locales/en/people.json";
import fr from "~/i18n/locales/fr/people.json";
import nl from "~/i18n/locales/nl/people.json";
import { AUDIT_ACTIONS, auditSentenceKey } from "./audit-actions";

describe("audit actions", () => {
  it.each([
    ["nl", nl],
    ["en", en],
    ["de", de],
    ["fr", fr],
  ])("each has a sentence in %s", (_language, people) => {
    const sentences = people.audit.actions as Record<string, string>;
    expect(Object.keys(sentences).sort()).toEqual(AUDIT_ACTIONS.map(auditSentenceKey).sort());
    for (const action of AUDIT_ACTIONS) expect(sentences[auditSentenceKey(action)].trim().length, action).toBeGreaterThan(3);
    // One sentence, one action: two actions never read alike.
    expect(new Set(Object.values(sentences)).size).toBe(AUDIT_ACTIONS.length);
  });

  it("are listed once each", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
