import { describe, expect, it } from "vitest";
import nl from "~/i18n/locales/nl/dossier.json";
import { fieldErrorKey } from "./field-errors";

describe("a field's own error message", () => {
  it("is one message per kind of item, the same for both ears", () => {
    expect(fieldErrorKey("reasoning-left-diagnosis")).toBe("fieldErrors.reasoning-diagnosis");
    expect(fieldErrorKey("reasoning-right-follow-up")).toBe("fieldErrors.reasoning-follow-up");
    expect(fieldErrorKey("media-right")).toBe("fieldErrors.media");
    expect(fieldErrorKey("anamnesis-question")).toBe("fieldErrors.anamnesis-question");
    expect(fieldErrorKey("review-feedback")).toBe("fieldErrors.review-feedback");
    expect(fieldErrorKey("review-left-follow-up")).toBe("fieldErrors.review-follow-up");
  });

  it("exists for every item the missing list can name", () => {
    const items = Object.keys(nl.missing).filter((key) => key !== "title" && key !== "reviewTitle" && key !== "stillMissing");
    const messages = nl.fieldErrors as Record<string, string>;
    for (const item of items) expect(messages[fieldErrorKey(item).replace("fieldErrors.", "")], item).toBeTruthy();
  });
});
