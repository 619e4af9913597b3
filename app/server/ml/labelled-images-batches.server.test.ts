/**
 * The zip export of the labelled set reads the images it logged, by id, in batches: an image relabelled or deleted
 * while a long download runs changes neither what else the zip holds nor how often. Read by pages of the filter, as
 * before, relabelling an image out of the filter after the first batch shifted the pages and left a logged image out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/domain/access/actor";
import { seedDemoData } from "../demo/seed-demo.server";
import { createObjectStore, installObjectStore } from "../storage/storage.server";
import { datasetIndex, deleteLabelledImage, labelledImagesInBatches, relabelImage, saveLabelledImage } from "./labelled-images.server";

let database: TestDatabase;
let admin: Actor;
// The smallest JPEG the server's type check accepts (SOI, JFIF APP0, EOI).
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  installObjectStore(await createObjectStore({ dataDir: database.dataDir, s3: null }));
  const demo = await seedDemoData({ dossiers: false });
  admin = { id: demo.adminId, role: "admin", organisationId: null, supervisedOrganisationIds: [] };
  for (let i = 0; i < 5; i++) await saveLabelledImage(admin, { label: 1, source: "upload", width: 64, height: 64, image: JPEG, thumbnail: JPEG });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("the zip export's batches", () => {
  it("hold every logged image once, in the logged order, whatever changes between batches", async () => {
    const logged = (await datasetIndex(admin, { label: 1 })).map((entry) => entry.id);
    expect(logged).toHaveLength(5);
    const read: string[] = [];
    let batches = 0;
    for await (const rows of labelledImagesInBatches(admin, logged, 2)) {
      batches++;
      read.push(...rows.map((row) => row.id));
      // After the first batch: the first image is relabelled out of the filter, the last one deleted.
      if (batches === 1) {
        await relabelImage(admin, logged[0], 0);
        await deleteLabelledImage(admin, logged[4]);
      }
    }
    expect(read).toEqual(logged.slice(0, 4));
  });
});
