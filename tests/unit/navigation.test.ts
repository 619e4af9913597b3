/**
 * The menus hold only built pages. Every page of the route table is built now, and the "not yet available"
 * placeholder and its "coming soon" texts are gone; a new placeholder would have to pass this test again.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { breadcrumbTrail, dossierPlace, NAVIGATION } from "~/domain/navigation";
import { ROUTES } from "~/domain/route-table";

const APP = path.resolve(import.meta.dirname, "../../app");
const unbuilt = (file: string) => /NotYetAvailable|not-yet-available|notYetAvailable/.test(fs.readFileSync(path.join(APP, file), "utf8"));

describe("the navigation", () => {
  it("offers no page that is not built yet", () => {
    const offered = Object.values(NAVIGATION).flatMap((groups) => groups.flatMap((g) => g.items));
    expect(offered.filter((key) => unbuilt(ROUTES[key].file))).toEqual([]);
  });

  it("offers reporting to administrators and supervisors, not to professionals", () => {
    const offers = (role: keyof typeof NAVIGATION) => NAVIGATION[role].some((g) => g.items.includes("reporting"));
    expect([offers("admin"), offers("supervisor"), offers("professional")]).toEqual([true, true, false]);
  });

  it("offers the dossier export to administrators once it is built", () => {
    expect(NAVIGATION.admin.flatMap((g) => g.items)).toContain("admin-export-dossiers");
    expect([...NAVIGATION.supervisor, ...NAVIGATION.professional].flatMap((g) => g.items)).not.toContain("admin-export-dossiers");
  });

  it("has no page left that is not built, and no placeholder to build one with", () => {
    expect(Object.values(ROUTES).filter((route) => unbuilt(route.file)).map((route) => route.file)).toEqual([]);
    expect(fs.existsSync(path.join(APP, "components/not-yet-available.tsx"))).toBe(false);
  });
});

describe("the place of the dossier's pages", () => {
  it("names the five steps of an existing dossier as one page under the professional's dossiers", () => {
    expect(breadcrumbTrail("pro-dossier-edit")).toEqual(["pro-home", "pro-my-dossiers", "pro-dossier-edit"]);
  });

  it("shows the dossier's page as the professional's own dossier to a professional and as a review to a supervisor", () => {
    expect(breadcrumbTrail(dossierPlace("supervisor-case", "professional"))).toEqual(["pro-home", "pro-my-dossiers", "pro-dossier"]);
    expect(breadcrumbTrail(dossierPlace("supervisor-case-mvp", "professional"))).toEqual(["pro-home", "pro-my-dossiers", "pro-dossier", "pro-dossier-summary"]);
    expect(breadcrumbTrail(dossierPlace("supervisor-case", "supervisor"))).toEqual(["supervisor", "supervisor-case"]);
    expect(breadcrumbTrail(dossierPlace("supervisor-case-mvp", "supervisor"))).toEqual(["supervisor", "supervisor-case", "supervisor-case-mvp"]);
  });
});
