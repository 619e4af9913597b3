import { describe, expect, it } from "vitest";
import { isPageRequest } from "./locale-cookie.server";

describe("which requests count as visiting a page in a locale", () => {
  it("pages in every locale do", () => {
    for (const path of ["/", "/admin", "/en", "/en/admin/supervisors", "/de/pro/abc/0612345678/history"]) expect(isPageRequest(path), path).toBe(true);
  });
  it("files, APIs, message files and React Router's own fetches do not", () => {
    for (const path of ["/favicon.svg", "/assets/app-1.js", "/api/version", "/api/auth/get-session", "/locales/en/common.json", "/healthz", "/__manifest", "/en/admin.data", "/_root.data"]) {
      expect(isPageRequest(path), path).toBe(false);
    }
  });
});
