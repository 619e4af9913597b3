import { describe, expect, it } from "vitest";
import { availableTransitions, decideTransition, DOSSIER_STATUSES, DOSSIER_TRANSITIONS, LIFECYCLE } from "./lifecycle";

const owner = { isOwner: true, isAssignedSupervisor: false, isReviewer: false };
const supervisor = { isOwner: false, isAssignedSupervisor: true, isReviewer: false };
const reviewer = { isOwner: false, isAssignedSupervisor: true, isReviewer: true };

describe("the dossier lifecycle", () => {
  it("is exactly PRODUCT.md's table", () => {
    expect(Object.entries(LIFECYCLE).map(([t, r]) => `${r.from} -${t}-> ${r.to} (${r.actor})`)).toEqual([
      "draft -submit-> submitted (owner)",
      "draft -discard-> cancelled (owner)",
      "submitted -claim-> in_review (assigned-supervisor)",
      "in_review -return-> returned (reviewing-supervisor)",
      "returned -resubmit-> submitted (owner)",
      "in_review -release-> submitted (reviewing-supervisor)",
      "in_review -complete-> completed (reviewing-supervisor)",
    ]);
  });

  it("allows no other move from any status", () => {
    let allowed = 0;
    for (const status of DOSSIER_STATUSES)
      for (const t of DOSSIER_TRANSITIONS)
        for (const who of [owner, supervisor, reviewer]) if (decideTransition(t, status, who).ok) allowed++;
    // owner: submit, discard, resubmit; supervisor: claim; reviewer (also assigned): claim, return, release, complete.
    expect(allowed).toBe(3 + 1 + 4);
  });

  it("names the buttons each person sees", () => {
    expect(availableTransitions("draft", owner)).toEqual(["submit", "discard"]);
    expect(availableTransitions("submitted", supervisor)).toEqual(["claim"]);
    expect(availableTransitions("in_review", supervisor)).toEqual([]);
    expect(availableTransitions("in_review", reviewer)).toEqual(["return", "release", "complete"]);
    expect(availableTransitions("completed", reviewer)).toEqual([]);
    expect(decideTransition("claim", "submitted", owner)).toEqual({ ok: false, reason: "not-allowed" });
    expect(decideTransition("submit", "returned", owner)).toEqual({ ok: false, reason: "wrong-status" });
  });
});
