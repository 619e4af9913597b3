import { describe, expect, it } from "vitest";
import { apiPath } from "./api-table";

describe("apiPath: an endpoint's address from its name", () => {
  it("fills and encodes the declared parameters", () => {
    expect(apiPath("saveLabelledImage")).toBe("/api/ml/images");
    expect(apiPath("dossierMedia", { id: "a b/c" })).toBe("/api/dossiers/a%20b%2Fc/media");
    expect(apiPath("modelFile", { id: "v1", file: "model.json" })).toBe("/api/ml/models/v1/model.json");
    expect(apiPath("mediumBytes", { id: "m1", variant: "poster" })).toBe("/api/media/m1/poster");
  });

  it("refuses a missing parameter rather than build a wrong address", () => {
    expect(() => apiPath("testVideo")).toThrow(/missing :id/);
  });
});
