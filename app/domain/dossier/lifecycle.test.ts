import { describe, expect, it } from "vitest";
import {
  availableTransitions,
  decideTransition,
  DOSSIER_STATUSES,
  DOSSIER_TRANSITIONS,
  type DossierRelation,
  type DossierStatus,
  type DossierTransition,
  LIFECYCLE,
  reviewVisibleTo,
} from "./lifecycle";

const RELATIONS = {
  owner: { isOwner: true, isAssignedSupervisor: false, isReviewer: false },
  "assigned supervisor": { isOwner: false, isAssignedSupervisor: true, isReviewer: false },
  "reviewing supervisor": { isOwner: false, isAssignedSupervisor: true, isReviewer: true },
  "unrelated user": { isOwner: false, isAssignedSupervisor: false, isReviewer: false },
} satisfies Record<string, DossierRelation>;
type RelationName = keyof typeof RELATIONS;

/**
 * PRODUCT.md's lifecycle table, written out here on its own (not derived from LIFECYCLE): from, event, to, and who
 * may take it. The reviewing supervisor is also an assigned supervisor, so may claim too.
 */
const PRODUCT_TABLE: [DossierStatus, DossierTransition, DossierStatus, RelationName[]][] = [
  ["draft", "submit", "submitted", ["owner"]],
  ["draft", "discard", "cancelled", ["owner"]],
  ["submitted", "claim", "in_review", ["assigned supervisor", "reviewing supervisor"]],
  ["in_review", "return", "returned", ["reviewing supervisor"]],
  ["returned", "resubmit", "submitted", ["owner"]],
  ["in_review", "release", "submitted", ["reviewing supervisor"]],
  ["in_review", "complete", "completed", ["reviewing supervisor"]],
];

const cases = DOSSIER_STATUSES.flatMap((status) =>
  DOSSIER_TRANSITIONS.flatMap((transition) =>
    (Object.keys(RELATIONS) as RelationName[]).map((who) => {
      const row = PRODUCT_TABLE.find(([, t]) => t === transition)!;
      const [from, , to, actors] = row;
      const expected =
        !actors.includes(who) ? { ok: false, reason: "not-allowed" } : status !== from ? { ok: false, reason: "wrong-status" } : { ok: true, to };
      return { status, transition, who, expected, label: expected.ok ? `allowed → ${to}` : `refused (${expected.reason})` };
    }),
  ),
);

describe("the dossier lifecycle", () => {
  it("has exactly PRODUCT.md's transitions", () => {
    expect(Object.entries(LIFECYCLE).map(([t, r]) => [r.from, t, r.to])).toEqual(PRODUCT_TABLE.map(([from, t, to]) => [from, t, to]));
  });

  it.each(cases)("$status: $transition by the $who is $label", ({ status, transition, who, expected }) => {
    expect(decideTransition(transition, status, RELATIONS[who])).toEqual(expected);
  });

  it("names the buttons each person sees", () => {
    expect(availableTransitions("draft", RELATIONS.owner)).toEqual(["submit", "discard"]);
    expect(availableTransitions("submitted", RELATIONS["assigned supervisor"])).toEqual(["claim"]);
    expect(availableTransitions("in_review", RELATIONS["assigned supervisor"])).toEqual([]);
    expect(availableTransitions("in_review", RELATIONS["reviewing supervisor"])).toEqual(["return", "release", "complete"]);
    expect(availableTransitions("completed", RELATIONS["reviewing supervisor"])).toEqual([]);
  });
});

describe("who reads the review", () => {
  it.each(DOSSIER_STATUSES.flatMap((status) => (Object.keys(RELATIONS) as RelationName[]).map((who) => ({ status, who }))))(
    "$status, the $who",
    ({ status, who }) => {
      expect(reviewVisibleTo(status, RELATIONS[who])).toBe(who !== "owner" || status === "returned" || status === "completed");
    },
  );
});
