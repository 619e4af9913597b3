import { describe, expect, it } from "vitest";
import nl from "~/i18n/locales/nl/people.json";
import { DONE_NOTICES, doneNotice, fieldErrors, inviteSupervisorSchema, organisationSchema } from "./people-forms";

describe("admin form rules", () => {
  it("normalise addresses and empty optional fields", () => {
    const parsed = organisationSchema.parse({ name: " Praktijk ", kind: "other", city: "", contactEmail: " Info@Praktijk.TEST ", contactPhone: "", storageQuotaBytes: "0" });
    expect(parsed).toEqual({ name: "Praktijk", kind: "other", city: null, contactEmail: "info@praktijk.test", contactPhone: null, storageQuotaBytes: 0 });
  });

  it("give one translation key per field", () => {
    const result = inviteSupervisorSchema.safeParse({ name: "", email: "x", locale: "es", specialty: "surgeon", organisationIds: [] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: "people:validation.nameRequired",
      email: "people:validation.emailInvalid",
      locale: "people:validation.localeInvalid",
      specialty: "people:validation.specialtyInvalid",
    });
  });

  it("show only known notices, each with a message", () => {
    expect(doneNotice(new URL("http://x/?done=invited"))).toBe("invited");
    expect(doneNotice(new URL("http://x/?done=<script>"))).toBeNull();
    for (const notice of DONE_NOTICES) expect((nl.done as Record<string, string>)[notice], notice).toBeTruthy();
  });
});
