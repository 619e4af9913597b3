import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath: refuses anything that can leave the site", () => {
  it.each([
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with path", "//evil.example/admin"],
    ["backslash host", "/\\evil.example"],
    ["double backslash", "\\\\evil.example"],
    ["backslash after slash in the middle", "/admin\\..\\\\evil.example"],
    ["absolute https", "https://evil.example/"],
    ["absolute http", "http://casus.invalid/admin"],
    ["scheme without slashes", "https:evil.example"],
    ["javascript", "javascript:alert(1)"],
    ["javascript upper case", "JavaScript:alert(1)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["relative path", "admin"],
    ["dot relative", "./admin"],
    ["empty", ""],
    ["leading space", " /admin"],
    ["tab before host", "/\t/evil.example"],
    ["newline before host", "/\n/evil.example"],
    ["carriage return", "/admin\r\nLocation: https://evil.example"],
    ["NUL", "/admin\u0000"],
    ["DEL", "/admin\u007f"],
    ["dot segment collapsing to //", "/.//evil.example"],
    ["double-dot segment collapsing to //", "/..//evil.example"],
    ["parent segment collapsing to //", "/admin/..//evil.example"],
    ["encoded dot segment collapsing to //", "/%2e//evil.example"],
    ["encoded double-dot segment collapsing to //", "/%2E%2E//evil.example"],
    ["dot segment then backslash", "/./\\evil.example"],
    ["too long", `/${"a".repeat(2048)}`],
    // Paths that leave the site once decoded (a proxy, a framework or a later redirect may decode them).
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["lower-case encoded slashes", "/%2f%2fevil.example"],
    ["one encoded slash", "/%2Fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["double-encoded slashes", "/%252F%252Fevil.example"],
    ["triple-encoded slashes", "/%25252F%25252Fevil.example"],
    ["encoded control character", "/admin%0d%0aLocation:%20https://evil.example"],
    ["encoded dot segment after decoding", "/%2E%2E%2F%2Fevil.example"],
    ["malformed percent-encoding", "/admin%E0%A4%A"],
  ])("%s: %j", (_label, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ["/admin"], new URL("http://casus.invalid/admin")])("refuses the non-string %j", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});

describe("safeRedirectPath: keeps same-site paths", () => {
  it.each([
    ["/", "/"],
    ["/admin", "/admin"],
    ["/en/admin/organisaties?page=2#list", "/en/admin/organisaties?page=2#list"],
    ["/pro/u1/case?step=2&ear=left", "/pro/u1/case?step=2&ear=left"],
    ["/supervisor#queue", "/supervisor#queue"],
    ["/?redirectTo=%2Fadmin", "/?redirectTo=%2Fadmin"],
    // An encoded slash inside a path is still a path on this site.
    ["/admin%2Forganisaties", "/admin%2Forganisaties"],
    // Dot segments are resolved within the site.
    ["/admin/../supervisor", "/supervisor"],
    ["/a/./b", "/a/b"],
    ["/../../admin", "/admin"],
    // Characters a browser would encode are encoded.
    ["/pro/u1/06 12345678/history", "/pro/u1/06%2012345678/history"],
    ["/zoeken?q=oor pijn", "/zoeken?q=oor%20pijn"],
  ])("%j → %j", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it("accepts a path of exactly the maximum length", () => {
    const path = `/${"a".repeat(2047)}`;
    expect(safeRedirectPath(path)).toBe(path);
  });
});
