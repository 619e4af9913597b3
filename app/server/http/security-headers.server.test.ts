import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers.server";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

describe("the Content-Security-Policy's styles", () => {
  it("allows no inline style in production", () => {
    expect(directive(contentSecurityPolicy("n", false), "style-src")).toBe("style-src 'self'");
  });

  it("allows Vite's injected <style> elements in development only", () => {
    expect(directive(contentSecurityPolicy("n", true), "style-src")).toBe("style-src 'self' 'unsafe-inline'");
  });
});
