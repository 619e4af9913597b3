import { describe, expect, it } from "vitest";
import { shouldRestore } from "./use-autosave";

describe("restoring an unsent dossier copy", () => {
  const now = 1_000_000;
  it("comes back in the tab that wrote it (a reload) and from older copies without a tab", () => {
    expect(shouldRestore({ tab: "a", at: now - 1_000 }, "a", now)).toBe(true);
    expect(shouldRestore({ at: now - 1_000 }, "a", now)).toBe(true);
  });

  it("is not taken over from another tab that may still be open, only once it is clearly abandoned", () => {
    expect(shouldRestore({ tab: "b", at: now - 5_000 }, "a", now)).toBe(false);
    expect(shouldRestore({ tab: "b", at: now - 120_000 }, "a", now)).toBe(true);
  });
});
