/**
 * A professional of the SAME organisation is a stranger to another professional's dossiers and media (issue 12):
 * every page and API answer is "not found", exactly as for a record that does not exist. Written out, not computed;
 * the owner's own answers are beside them so the rows cannot pass by everything being broken.
 */
import { apiSession, expect, test } from "./support/fixtures";
import { COLLEAGUE_EMAIL, matrixFixtures } from "./support/matrix-fixtures";

const base = () => process.env.E2E_BASE_URL!;

test("a same-organisation colleague gets 404 for another professional's dossier pages and media", async () => {
  const { users: u, dossiers: d, media: m } = matrixFixtures();
  const colleague = await apiSession(base(), COLLEAGUE_EMAIL);
  const owner = await apiSession(base(), "pro@casus.test");
  try {
    const pages: [string, number, number][] = [
      // path, colleague, owner
      [`/supervisor/case/${d.first}`, 404, 200],
      [`/supervisor/case/${d.first}/mvp`, 404, 200],
      [`/supervisor/case/${d.first}.data`, 404, 200],
      [`/pro/${u.pro}/case/${d.draft}/klinisch-redeneren`, 404, 200],
      [`/pro/${u.pro}/mijn-dossiers`, 404, 200],
      [`/pro/${u.colleague}/mijn-dossiers`, 200, 404],
    ];
    for (const [path, forColleague, forOwner] of pages) {
      expect((await colleague.get(path, { maxRedirects: 0 })).status(), `colleague ${path}`).toBe(forColleague);
      expect((await owner.get(path, { maxRedirects: 0 })).status(), `owner ${path}`).toBe(forOwner);
    }
    // The route data calls the refusal what it is (React Router's default reason phrase is "Internal Server Error").
    const refused = await (await colleague.get(`/supervisor/case/${d.first}.data`)).text();
    expect(refused).toContain('"Not Found"');
    expect(refused).not.toContain("Internal Server Error");

    const api: [string, () => Promise<{ status(): number; json(): Promise<unknown> }>, number][] = [
      ["GET medium", () => colleague.get(`/api/media/${m.first}`), 404],
      ["GET dossier media", () => colleague.get(`/api/dossiers/${d.first}/media`), 404],
      ["GET upload in progress", () => colleague.get(`/api/media/${m.uploading}`), 404],
    ];
    for (const [name, call, status] of api) expect((await call()).status(), name).toBe(status);
    expect((await owner.get(`/api/media/${m.first}`)).status()).toBe(200);

    // Writes: replace the poster, append to or cancel the upload in progress — all as if nothing were there.
    const token = ((await (await colleague.get("/api/app-check")).json()) as { token: string }).token;
    const appCheck = { "x-casus-app-check": token };
    const poster = await colleague.put(`/api/media/${m.first}/poster`, { headers: { ...appCheck, "content-type": "image/jpeg" }, data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) });
    expect(poster.status()).toBe(404);
    expect(await poster.json()).toMatchObject({ code: "storage/object-not-found" });
    const tus = { ...appCheck, "Tus-Resumable": "1.0.0" };
    const append = await colleague.patch(`/api/uploads/${m.uploading}`, {
      headers: { ...tus, "Upload-Offset": "0", "content-type": "application/offset+octet-stream" },
      data: Buffer.alloc(10),
    });
    expect(append.status()).toBe(404);
    expect((await colleague.fetch(`/api/uploads/${m.uploading}`, { method: "HEAD", headers: tus })).status()).toBe(404);
    const cancel = await colleague.delete(`/api/uploads/${m.uploading}`, { headers: tus });
    expect(cancel.status()).toBe(404);
  } finally {
    await Promise.all([colleague.dispose(), owner.dispose()]);
  }
});
