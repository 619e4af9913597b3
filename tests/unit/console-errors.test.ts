/** The rule "a console.error in a test fails it" (tests/support/vitest-setup.ts) is in force. */
import { describe, expect, it } from "vitest";
import { assertNoConsoleErrors, takeConsoleErrors } from "../support/console-errors";

describe("console.error in tests", () => {
  it("is recorded, with its arguments formatted", () => {
    console.error("Missing translation: %s", "common:nope", { at: 1 });
    expect(takeConsoleErrors()).toEqual(["Missing translation: common:nope { at: 1 }"]);
  });

  it("fails the check that runs after every test", () => {
    console.error("something went wrong");
    expect(() => assertNoConsoleErrors("during this test")).toThrow(/console\.error was called during this test \(1×\):\n {2}- something went wrong/);
    // The check consumed the message, so this test itself passes.
    expect(takeConsoleErrors()).toEqual([]);
  });

  it("passes when nothing was written", () => {
    expect(() => assertNoConsoleErrors("during this test")).not.toThrow();
  });

  it("a missing translation is a console.error (so it fails the test that caused it)", async () => {
    const { serverT } = await import("~/i18n/i18n.server");
    serverT("nl")("common:this.key.does.not.exist");
    expect(takeConsoleErrors().join("\n")).toMatch(/Missing translation: common:this\.key\.does\.not\.exist/);
  });
});
