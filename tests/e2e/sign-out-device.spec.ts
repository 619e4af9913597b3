/**
 * Nothing clinical left behind on a shared device (issue 17): signing out asks when draft copies or uploads have not
 * reached the server, and removes them from the browser; a different user signing in on the device finds the
 * previous user's copies gone, even when that user's session ended without a sign-out.
 */
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/fixtures";

/** What an unfinished session leaves in this browser: a draft copy the server lacks and a queued upload. */
async function leaveUnsentWork(page: Page) {
  // The page is hydrated once it has claimed the device for the signed-in user.
  await page.waitForFunction(() => localStorage.getItem("casus.device-owner") !== null);
  await page.evaluate(async () => {
    localStorage.setItem("casus.dossier-draft.d-test.anamnesis", JSON.stringify({ version: 2, entries: [["question", "Jeuk links?"]], at: Date.now() }));
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open("casus-uploads", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "key" });
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction("queue", "readwrite");
        tx.objectStore("queue").put({ key: "q-test", name: "links-oor.webm", type: "video/webm", size: 4, metadata: {}, uploadUrl: null, blob: new Blob(["abcd"]), createdAt: Date.now() });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
      };
    });
  });
}

/** The clinical copies this browser holds: draft keys and queued upload names. */
async function copiesOnDevice(page: Page) {
  return page.evaluate(async () => {
    const drafts = Object.keys(localStorage).filter((k) => k.startsWith("casus.dossier-draft."));
    const uploads = await new Promise<string[]>((resolve) => {
      const open = indexedDB.open("casus-uploads", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "key" });
      open.onsuccess = () => {
        const request = open.result.transaction("queue", "readonly").objectStore("queue").getAll();
        request.onsuccess = () => {
          open.result.close();
          resolve((request.result as { name: string }[]).map((u) => u.name));
        };
      };
    });
    return { drafts, uploads };
  });
}

test("sign-out asks before unsent work is removed, and removes it", async ({ page }) => {
  await signIn(page, "pro2@casus.test");
  await leaveUnsentWork(page);

  await page.getByRole("button", { name: "Uitloggen" }).click();
  const dialog = page.getByRole("dialog", { name: "Nog niet alles is verzonden" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("1 dossierformulier met wijzigingen die de server nog niet heeft");
  await expect(dialog).toContainText("1 upload nog niet klaar");
  // Staying keeps everything: still signed in, the copies still here.
  await dialog.getByRole("button", { name: "Ingelogd blijven" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("user-name")).toBeVisible();
  expect(await copiesOnDevice(page)).toEqual({ drafts: ["casus.dossier-draft.d-test.anamnesis"], uploads: ["links-oor.webm"] });

  await page.getByRole("button", { name: "Uitloggen" }).click();
  await dialog.getByRole("button", { name: "Uitloggen en verwijderen" }).click();
  await expect(page.locator('input[name="email"]')).toBeVisible();
  expect(await copiesOnDevice(page)).toEqual({ drafts: [], uploads: [] });
});

test("with nothing unsent, sign-out asks nothing; the next user never gets the previous user's copies", async ({ page, context }) => {
  await signIn(page, "pro2@casus.test", undefined, "/en");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.locator('input[name="email"]')).toBeVisible();

  // A session that ends without this page seeing it (the tablet was put away): the copies stay behind...
  await signIn(page, "pro2@casus.test", undefined, "/en");
  await leaveUnsentWork(page);
  await context.clearCookies();
  // ...until someone else signs in on the device.
  await signIn(page, "supervisor@casus.test", undefined, "/en");
  await expect(page.getByTestId("user-name")).toBeVisible();
  await expect.poll(() => copiesOnDevice(page)).toEqual({ drafts: [], uploads: [] });
});
