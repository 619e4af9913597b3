/**
 * The admin's paged lists and the unfinished dossiers, asked as an attacker with curl would (decision 089): typed
 * page numbers and searches that no form sends, a change to a person who is not on the page's list, a reminder with
 * no dossier, a finished dossier or someone else's session. Every answer is written out; none is a 5xx.
 */
import { apiSession, expect, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

const base = () => process.env.E2E_BASE_URL!;

test("typed page numbers and searches get a page, never a 500", async () => {
  const { organisations: o } = matrixFixtures();
  const admin = await apiSession(base(), "admin@casus.test");
  try {
    const long = "x".repeat(5_000);
    const paths = [
      "/admin/supervisors?page=1e21",
      "/admin/supervisors?page=-3",
      "/admin/supervisors?page=abc",
      "/admin/supervisors?page=2.7",
      "/admin/supervisors?page=Infinity&q=%25_%5C",
      `/admin/supervisors?q=${long}`,
      "/admin/supervisors?q=&q=two",
      "/admin/administrators?page=1e21&q=%25",
      "/admin/organisaties?page=1e21&q=%25",
      `/admin/organisaties/${o.first}?page=1e21&q=%5C`,
      `/admin/organisaties/${o.first}?supervisorsPage=1e21`,
      `/admin/organisaties/${o.first}?supervisorsPage=abc&page=-1&confirm=unassign&id=${"x".repeat(500)}`,
      "/admin/unfinished-dossiers?page=1e21",
      "/admin/unfinished-dossiers?page=-1",
      // The labelled images' grid: an offset past 2^53 once reached PostgreSQL as "6e+21" (a 500).
      "/debug/ml/labeled-images?page=99999999999999999999",
      "/debug/ml/labeled-images.data?page=99999999999999999999",
      "/debug/ml/labeled-images?page=-3&label=1",
    ];
    for (const path of paths) expect((await admin.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    // The search is cut to its maximum length and a literal "%" matches nobody here.
    const html = await (await admin.get("/admin/supervisors?q=%25")).text();
    expect(html).toContain("Niemand gevonden.");
  } finally {
    await admin.dispose();
  }
});

test("a change to a person who is not on the page's list is 404, before the form is read", async () => {
  const { users: u } = matrixFixtures();
  const admin = await apiSession(base(), "admin@casus.test");
  try {
    const post = async (path: string, form: Record<string, string>) => (await admin.post(path, { form, maxRedirects: 0 })).status();
    // A professional is not a supervisor, a supervisor is not an administrator: 404, as for an unknown id.
    expect(await post(`/admin/supervisors?id=${u.pro}`, { intent: "update", userId: u.pro, specialty: "gp" })).toBe(404);
    expect(await post(`/admin/supervisors?id=no-such-person`, { intent: "disable", userId: u.supervisor })).toBe(404);
    expect(await post(`/admin/administrators?id=${u.supervisor}`, { intent: "disable", userId: u.supervisor })).toBe(404);
    // The same routes with a person on their list reach the form: a made-up specialty is a field error, not a 404.
    expect(await post(`/admin/supervisors?id=${u.supervisor}&q=sup&page=9`, { intent: "update", userId: u.supervisor, specialty: "astrologer" })).toBe(422);
  } finally {
    await admin.dispose();
  }
});

test("a reminder needs a dossier on the list, and an administrator to send it", async () => {
  const { dossiers: d } = matrixFixtures();
  const admin = await apiSession(base(), "admin@casus.test");
  const supervisor = await apiSession(base(), "supervisor@casus.test");
  try {
    const remind = async (session: typeof admin, form: Record<string, string>) => {
      const response = await session.post("/admin/unfinished-dossiers", { form, maxRedirects: 0 });
      return { status: response.status(), body: await response.text() };
    };
    // No dossier (a form submitted without pressing a row's button) or a malformed id: refused as a form.
    expect((await remind(admin, {})).status).toBe(422);
    expect((await remind(admin, { dossierId: "../../etc/passwd" })).status).toBe(422);
    // A dossier that is not on the list (just submitted, not late): the page says why, nothing is sent.
    const notLate = await remind(admin, { dossierId: d.first });
    expect(notLate.status).toBe(409);
    expect(notLate.body).toContain("dossier/wrong-status");
    // Someone who is not an administrator is sent to their own home by the page's guard, as on every admin page.
    const refused = await supervisor.post("/admin/unfinished-dossiers", { form: { dossierId: d.first }, maxRedirects: 0 });
    expect([refused.status(), refused.headers().location]).toEqual([302, "/supervisor"]);
  } finally {
    await admin.dispose();
    await supervisor.dispose();
  }
});

test("the capped selects' searches: typed ones get a page, and the select offers what they find", async () => {
  const { organisations: o, users: u } = matrixFixtures();
  const admin = await apiSession(base(), "admin@casus.test");
  try {
    const page = async (path: string) => {
      const response = await admin.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      return response.text();
    };
    const option = (id: string) => `<option value="${id}"`;
    // Assigning a supervisor to the third organisation, which the demo supervisor is not assigned to.
    const third = `/admin/organisaties/${o.third}`;
    expect(await page(`${third}?find=supervisor%40casus`)).toContain(option(u.supervisor));
    for (const find of ["%25_%5C", "x".repeat(5_000), "niemand-hier"]) {
      const html = await page(`${third}?find=${find}`);
      expect(html).toContain("Niemand gevonden.");
      expect(html).not.toContain('name="supervisorId"');
    }
    // Moving a professional: never to their own organisation nor to an inactive one, whatever the search.
    const pro = `/admin/organisaties/${o.first}/professional/${u.pro}`;
    const targets = await page(`${pro}?find=`);
    expect(targets).toContain(option(o.second));
    expect(targets).not.toContain(option(o.first));
    expect(targets).not.toContain(option(o.inactive));
    expect(await page(`${pro}?find=%25`)).toContain("Geen organisatie gevonden.");
    // The supervisors page's organisation checkboxes: a search that finds nothing still offers the selected
    // supervisor's own organisations, checked, so saving the form cannot drop one.
    const supervisors = await page(`/admin/supervisors?id=${u.supervisor}&find=geen-organisatie`);
    expect(supervisors).toContain("Geen organisatie gevonden.");
    for (const own of [o.first, o.second]) expect(supervisors).toContain(`checked="" value="${own}"`);
    expect(supervisors).not.toContain(`value="${o.third}"`);
    expect(await page(`/admin/supervisors?find=%25_%5C&q=%25`)).toContain("Geen organisatie gevonden.");
    // A repeated parameter: the first one counts (here no search at all), as on the lists.
    expect(await page(`${pro}?find=&find=${"y".repeat(3_000)}`)).toContain(option(o.second));
  } finally {
    await admin.dispose();
  }
});

test("a choice the select never offers is refused when posted anyway: a move to an inactive or the same organisation, a professional as supervisor", async () => {
  const { organisations: o, users: u } = matrixFixtures();
  const admin = await apiSession(base(), "admin@casus.test");
  try {
    const post = async (path: string, form: Record<string, string>) => {
      const response = await admin.post(path, { form, maxRedirects: 0 });
      return { status: response.status(), html: await response.text() };
    };
    const pro = `/admin/organisaties/${o.first}/professional/${u.pro}`;
    const inactive = await post(pro, { intent: "move", targetOrganisationId: o.inactive });
    expect(inactive.status).toBe(409);
    expect(inactive.html).toContain("Deze organisatie is gedeactiveerd");
    expect((await post(pro, { intent: "move", targetOrganisationId: o.first })).status).not.toBe(302);
    // Still in the first organisation.
    expect((await admin.get(pro, { maxRedirects: 0 })).status()).toBe(200);

    const third = `/admin/organisaties/${o.third}`;
    expect((await post(third, { intent: "assign", supervisorId: u.pro })).status).not.toBe(302);
    expect(await (await admin.get(third)).text()).not.toContain(`confirm=unassign&amp;id=${u.pro}`);
  } finally {
    await admin.dispose();
  }
});

test("the unassignment is confirmed for a supervisor assigned to this organisation only, whichever page they are on", async () => {
  const { organisations: o, users: u } = matrixFixtures();
  const admin = await apiSession(base(), "admin@casus.test");
  try {
    const confirmation = async (orgId: string, id: string) => {
      const html = await (await admin.get(`/admin/organisaties/${orgId}?confirm=unassign&id=${encodeURIComponent(id)}&supervisorsPage=9`)).text();
      return /De toewijzing van .* opheffen\?/.exec(html)?.[0] ?? null;
    };
    // The demo supervisor is assigned to the first organisation (read by id, so a page of the list is no matter)...
    expect(await confirmation(o.first, u.supervisor)).toMatch(/^De toewijzing van .+ aan .+ opheffen\?$/);
    // ...not to the third; a professional is no supervisor at all.
    expect(await confirmation(o.third, u.supervisor)).toBeNull();
    expect(await confirmation(o.first, u.pro)).toBeNull();
  } finally {
    await admin.dispose();
  }
});
