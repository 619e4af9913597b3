/** The permission table, case by case: expected outcomes written out, not computed. */
import { describe, expect, it } from "vitest";
import type { Actor } from "./actor";
import { can, type DossierFacts, type MediaFacts } from "./permissions";

const admin: Actor = { id: "admin", role: "admin", organisationId: null, supervisedOrganisationIds: [] };
const supA: Actor = { id: "sup-a", role: "supervisor", organisationId: null, supervisedOrganisationIds: ["A"] };
const supB: Actor = { id: "sup-b", role: "supervisor", organisationId: null, supervisedOrganisationIds: ["B"] };
const owner: Actor = { id: "pro-1", role: "professional", organisationId: "A", supervisedOrganisationIds: [] };
const colleague: Actor = { id: "pro-2", role: "professional", organisationId: "A", supervisedOrganisationIds: [] };
const stranger: Actor = { id: "pro-3", role: "professional", organisationId: "B", supervisedOrganisationIds: [] };
const homeless: Actor = { id: "pro-4", role: "professional", organisationId: null, supervisedOrganisationIds: [] };

const dossier = (status: string): DossierFacts => ({ organisationId: "A", professionalId: "pro-1", status });

type Row = [string, Actor | null, boolean];

describe("dossier.read", () => {
  const cases: [string, Row[]][] = [
    ["draft", [["admin", admin, true], ["owner", owner, true], ["colleague", colleague, false], ["other organisation", stranger, false], ["assigned supervisor", supA, false], ["other supervisor", supB, false], ["signed out", null, false]]],
    ["cancelled", [["owner", owner, true], ["assigned supervisor", supA, false], ["colleague", colleague, false]]],
    ["submitted", [["admin", admin, true], ["owner", owner, true], ["colleague", colleague, false], ["other organisation", stranger, false], ["assigned supervisor", supA, true], ["other supervisor", supB, false], ["signed out", null, false]]],
    ["in_review", [["assigned supervisor", supA, true], ["colleague", colleague, false]]],
    ["returned", [["assigned supervisor", supA, true], ["owner", owner, true]]],
    ["completed", [["assigned supervisor", supA, true], ["owner", owner, true], ["other supervisor", supB, false]]],
  ];
  for (const [status, rows] of cases) {
    it.each(rows)(`${status}: %s → %s`, (_who, actor, expected) => {
      expect(can(actor, "dossier.read", dossier(status))).toBe(expected);
    });
  }
});

describe("media.read: media follow their dossier", () => {
  const unattached: MediaFacts = { uploaderId: "pro-1", dossiers: [] };
  const inDraft = { uploaderId: "pro-1", dossiers: [dossier("draft")] };
  const inSubmitted = { uploaderId: "pro-1", dossiers: [dossier("submitted")] };
  it.each<[string, Actor, MediaFacts, boolean]>([
    ["the uploader, unattached", owner, unattached, true],
    ["a colleague, unattached", colleague, unattached, false],
    ["the organisation's supervisor, unattached", supA, unattached, false],
    ["an admin, unattached", admin, unattached, true],
    ["a colleague, in a draft", colleague, inDraft, false],
    ["the assigned supervisor, in a draft", supA, inDraft, false],
    ["the assigned supervisor, in a submitted dossier", supA, inSubmitted, true],
    ["a colleague, in a submitted dossier", colleague, inSubmitted, false],
    ["another organisation's supervisor, in a submitted dossier", supB, inSubmitted, false],
  ])("%s → %s", (_who, actor, facts, expected) => {
    expect(can(actor, "media.read", facts)).toBe(expected);
  });
});

describe("frame.judge: the reviewing supervisor, during the review and after completing it", () => {
  const reviewed = (status: string, reviewerId: string | null = "sup-a") => ({ ...dossier(status), reviewerId });
  const supA2: Actor = { id: "sup-a2", role: "supervisor", organisationId: null, supervisedOrganisationIds: ["A"] };
  it.each<[string, Actor | null, ReturnType<typeof reviewed>, boolean]>([
    ["the reviewer, in review", supA, reviewed("in_review"), true],
    ["the reviewer, completed", supA, reviewed("completed"), true],
    ["the reviewer, returned to the professional", supA, reviewed("returned"), false],
    ["the reviewer, submitted again (released)", supA, reviewed("submitted"), false],
    ["another supervisor of the organisation", supA2, reviewed("in_review"), false],
    ["the reviewer, no longer supervising the organisation", { ...supA, supervisedOrganisationIds: ["B"] }, reviewed("in_review"), false],
    ["a supervisor, nobody reviewing", supA, reviewed("submitted", null), false],
    ["an admin", admin, reviewed("in_review"), false],
    ["the owner", owner, reviewed("in_review"), false],
    ["signed out", null, reviewed("in_review"), false],
  ])("%s → %s", (_who, actor, facts, expected) => {
    expect(can(actor, "frame.judge", facts)).toBe(expected);
  });
});

describe("actions decided by role and organisation", () => {
  it.each<[string, Actor | null, boolean, boolean, boolean, boolean, boolean, boolean]>([
    // who, dossier.create, media.upload into A, model-data.manage, people.manage, reporting.read, patient.read in A
    ["admin", admin, false, true, true, true, true, true],
    ["supervisor of A", supA, false, true, false, false, true, false],
    ["supervisor of B", supB, false, false, false, false, true, false],
    ["professional of A", owner, true, true, false, false, false, true],
    ["professional of B", stranger, true, false, false, false, false, false],
    ["professional without organisation", homeless, false, false, false, false, false, false],
    ["signed out", null, false, false, false, false, false, false],
  ])("%s", (_who, actor, create, upload, modelData, people, reporting, patients) => {
    expect(can(actor, "dossier.create")).toBe(create);
    expect(can(actor, "media.upload", { organisationId: "A" })).toBe(upload);
    expect(can(actor, "model-data.manage")).toBe(modelData);
    expect(can(actor, "people.manage")).toBe(people);
    expect(can(actor, "reporting.read")).toBe(reporting);
    expect(can(actor, "patient.read", { organisationId: "A" })).toBe(patients);
    expect(can(actor, "export.run")).toBe(actor?.role === "admin");
    expect(can(actor, "insight.read")).toBe(actor?.role === "admin");
    expect(can(actor, "jobs.manage")).toBe(actor?.role === "admin");
    expect(can(actor, "model.use")).toBe(actor !== null);
  });
});
