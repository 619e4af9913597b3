import { describe, expect, it } from "vitest";
import nl from "~/i18n/locales/nl/people.json";
import { BYTES_PER_GB, csvRowSchema, DONE_NOTICES, doneNotice, fieldErrors, inviteAdministratorSchema, inviteProfessionalSchema, inviteSupervisorSchema, organisationSchema } from "./people-forms";

describe("admin form rules", () => {
  it("normalise addresses and empty optional fields", () => {
    const parsed = organisationSchema.parse({ name: " Praktijk ", kind: "other", city: "", contactEmail: " Info@Praktijk.TEST ", contactPhone: "", storageQuota: "0" });
    expect(parsed).toEqual({ name: "Praktijk", kind: "other", city: null, contactEmail: "info@praktijk.test", contactPhone: null, storageQuota: 0 });
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

describe("a person's name in the admin forms", () => {
  it("holds no web address, in every form that names a person (the organisation's name may)", () => {
    const name = "Dr. Sven. Confirm at https://casus-login.evil.test/en";
    const person = { name, email: "sven@casus.test", locale: "en" };
    for (const [form, result] of [
      ["professional", inviteProfessionalSchema.safeParse({ ...person, jobTitle: "" })],
      ["administrator", inviteAdministratorSchema.safeParse(person)],
      ["supervisor", inviteSupervisorSchema.safeParse({ ...person, specialty: "gp", organisationIds: [] })],
      ["csv row", csvRowSchema.safeParse({ name, email: "sven@casus.test", jobTitle: "" })],
    ] as const) {
      expect(result.success, form).toBe(false);
      if (!result.success) expect(fieldErrors(result.error), form).toEqual({ name: "errors:codes.name-with-link" });
    }
    expect(inviteProfessionalSchema.safeParse({ ...person, name: "Dr. Sven Supervisor", jobTitle: "" }).success).toBe(true);
  });
});

describe("the storage quota, typed in GB", () => {
  const quota = (typed: string) => {
    const parsed = organisationSchema.safeParse({ name: "Praktijk", kind: "gp-practice", city: "", contactEmail: "", contactPhone: "", storageQuota: typed });
    return parsed.success ? parsed.data.storageQuota : "refused";
  };
  it.each<[string, number | "refused"]>([
    ["10", 10 * 1024 ** 3],
    ["2.5", 2.5 * 1024 ** 3],
    ["2,5", 2.5 * 1024 ** 3],
    [" 0 ", 0],
    ["0.001", Math.round(0.001 * 1024 ** 3)],
    ["-1", "refused"],
    ["", "refused"],
    ["ten", "refused"],
    ["1e3", "refused"],
    ["1.000,5", "refused"],
    ["2000000", "refused"],
  ])("%s → %s bytes", (typed, bytes) => {
    expect(quota(typed)).toBe(bytes);
  });
  it("is 1024³ bytes per GB, as operating systems count", () => {
    expect(BYTES_PER_GB).toBe(1_073_741_824);
  });
});
