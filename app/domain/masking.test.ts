import { describe, expect, it } from "vitest";
import { maskEmailAddress, maskPhoneNumbers, maskUrl } from "./masking";

describe("maskPhoneNumbers", () => {
  it.each([
    ["+31612345678", "+********678"],
    ["+31 6 12345678", "+********678"],
    ["+31 (0)6 1234 5678", "+*********678"],
    ["0031612345678", "**********678"],
    ["06 12345678", "*******678"],
    ["06-12345678", "*******678"],
    ["06-12 34 56 78", "*******678"],
    ["06.12.34.56.78", "*******678"],
    ["(020) 123 4567", "(*******567"],
    // URL-encoded: "%2B" is "+", "%20" and "+" are spaces, "%2D" is "-".
    ["%2B31612345678", "+********678"],
    ["%2b31612345678", "+********678"],
    ["%2B31%206%2012345678", "+********678"],
    ["06%2012345678", "*******678"],
    ["06%2D12345678", "*******678"],
    ["06+12+34+56+78", "*******678"],
  ])("%s → %s", (input, expected) => {
    expect(maskPhoneNumbers(input)).toBe(expected);
  });

  it("masks every number in free text and leaves the words", () => {
    expect(maskPhoneNumbers("patient 0612345678 called from +31201234567 twice")).toBe("patient *******678 called from +********567 twice");
  });

  it("leaves short numbers (ids, counts, years) alone", () => {
    for (const text of ["case 12345", "2026", "status 404", "123-456", "q=0.9"]) expect(maskPhoneNumbers(text)).toBe(text);
  });

  it("never leaves more than the last three digits of a number visible", () => {
    const masked = maskPhoneNumbers("bel 06 1234 5678 of %2B31%20612345678");
    expect(masked).not.toMatch(/\d{4}/);
    expect(masked).not.toContain("1234");
    expect(masked).not.toContain("612");
  });
});

describe("maskUrl", () => {
  it("masks the phone number in a history path, typed in any form", () => {
    expect(maskUrl("/pro/u1/%2B31612345678/history")).toBe("/pro/u1/+********678/history");
    expect(maskUrl("/en/pro/u1/06%2012345678/history")).toBe("/en/pro/u1/*******678/history");
    expect(maskUrl("/pro/u1/%2B31%206%2012345678/history")).toBe("/pro/u1/+********678/history");
  });

  it.each(["token", "code", "password", "secret", "otp", "callbackURL", "state", "key", "signature", "X-Amz-Signature"])(
    "replaces the value of the secret parameter %s",
    (name) => {
      const masked = maskUrl(`/api/auth/x?${name}=s3cr3t-VALUE&next=1`);
      expect(masked).toBe(`/api/auth/x?${name}=[masked]&next=1`);
      expect(masked).not.toContain("s3cr3t");
    },
  );

  it("recognises secret names in any case and percent-encoded", () => {
    expect(maskUrl("/x?TOKEN=abc&%74oken=def")).toBe("/x?TOKEN=[masked]&%74oken=[masked]");
  });

  it("masks a token in a magic-link or verification URL but keeps harmless parameters", () => {
    expect(maskUrl("/api/auth/magic-link/verify?token=eyJhbGciOi.x.y&callbackURL=%2Fadmin")).toBe(
      "/api/auth/magic-link/verify?token=[masked]&callbackURL=[masked]",
    );
    expect(maskUrl("/set-password?token=abc123&lang=en")).toBe("/set-password?token=[masked]&lang=en");
  });

  it("masks the token Better Auth puts in the path of a password-reset link", () => {
    expect(maskUrl("/api/auth/reset-password/Zr8kQ2xYw9?callbackURL=%2Fset-password")).toBe(
      "/api/auth/reset-password/[masked]?callbackURL=[masked]",
    );
  });

  it("masks phone numbers in other query values, also form-encoded", () => {
    expect(maskUrl("/search?phone=06+12+34+56+78&page=2")).toBe("/search?phone=*******678&page=2");
    expect(maskUrl("/search?q=%2B31612345678")).toBe("/search?q=+********678");
  });

  it("keeps everything after a second '?' and still masks it", () => {
    expect(maskUrl("/x?a=1?b&token=abc")).toBe("/x?a=1?b&token=[masked]");
  });

  it("never throws on malformed percent-encoding (visitors send any URL)", () => {
    expect(maskUrl("/x?%E0%A4%A=1&token=abc")).toBe("/x?%E0%A4%A=1&token=[masked]");
    expect(maskUrl("/%zz?%=1")).toBe("/%zz?%=1");
  });

  it("leaves URLs without secrets or numbers alone", () => {
    expect(maskUrl("/en/admin/organisaties?page=2")).toBe("/en/admin/organisaties?page=2");
    expect(maskUrl("/")).toBe("/");
  });
});

describe("maskEmailAddress", () => {
  it.each([
    ["jan.jansen@example.nl", "j***@example.nl"],
    ["a@b.nl", "a***@b.nl"],
    ['"odd@local"@example.nl', '"***@example.nl'],
    ["not-an-address", "***"],
    ["@example.nl", "***"],
  ])("%s → %s", (address, masked) => {
    expect(maskEmailAddress(address)).toBe(masked);
  });
});
