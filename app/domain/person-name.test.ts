import { describe, expect, it } from "vitest";
import { nameHasLink } from "./person-name";

describe("a person's name", () => {
  it.each(["Dr. Sven Supervisor", "J.R.R. Tolkien", "Anne-Marie van den Berg", "O'Brien", "Zoë Müller", "Pia Praktijkondersteuner (POH)", "Dr.Sven de Vries", "St. Jansdal"])("may be %s", (name) => {
    expect(nameHasLink(name)).toBe(false);
  });

  it.each([
    "Dr. Sven Supervisor. Important: confirm at https://casus-login.evil.test/en today",
    "Sven, see www.evil.example",
    "casus-login.evil.test/en",
    "Pia (pia-login.nl)",
    "Support evil.com",
    "hxxp://x",
  ])("may not hold a web address: %s", (name) => {
    expect(nameHasLink(name)).toBe(true);
  });
});
