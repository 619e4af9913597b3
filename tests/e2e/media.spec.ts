/**
 * Media in the browser: recording from Chromium's fake camera and playing the upload back with seeking (range
 * requests), and /test/viot-uploads: several files, a refused type, and an upload paused, the page reloaded and
 * the upload resumed (button, then reload) from the offline queue with an identical checksum; thumbnails in the
 * lists; a cancelled upload. Phone-sized viewport.
 */
import crypto from "node:crypto";
import { CHROMIUM_ARGS } from "../../playwright.config";
import { expect, openSignedIn, test } from "./support/fixtures";

test.use({
  viewport: { width: 390, height: 844 },
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

test("records from the camera, takes a still, uploads both and plays the video back with seeking", async ({ page }) => {
  test.setTimeout(90_000);
  const ranges: number[] = [];
  page.on("response", (response) => {
    if (/\/api\/media\/[^/]+\/file\?/.test(response.url())) ranges.push(response.status());
  });
  await openSignedIn(page, "admin@casus.test", "/test/record-view");
  await page.getByRole("button", { name: "Camera aanzetten" }).click();
  const preview = page.getByTestId("preview");
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId("camera-select").locator("option")).not.toHaveCount(0);
  // A camera plugged in later appears in the list. Chromium cannot plug in a second fake camera, so the page's
  // device list gains one and the browser's devicechange event is fired, as a real plug-in does.
  const cameraOptions = page.getByTestId("camera-select").locator("option");
  const camerasBefore = await cameraOptions.count();
  await page.evaluate(() => {
    const devices = navigator.mediaDevices;
    const real = devices.enumerateDevices.bind(devices);
    const otoscope = { deviceId: "usb-otoscope", groupId: "usb", kind: "videoinput", label: "USB otoscope", toJSON: () => ({}) } as MediaDeviceInfo;
    devices.enumerateDevices = async () => [...(await real()), otoscope];
    devices.dispatchEvent(new Event("devicechange"));
  });
  await expect(cameraOptions).toHaveCount(camerasBefore + 1);
  await expect(cameraOptions.last()).toHaveText("USB otoscope");

  const recordClicked = Date.now();
  await page.getByRole("button", { name: "Opnemen" }).click();
  await expect(page.getByTestId("recording-indicator")).toBeVisible();
  await page.waitForTimeout(3500);
  await page.getByRole("button", { name: "Stoppen" }).click();
  // On a busy machine the clicks land late: the clip is as long as the recorder really ran, not the 3.5 s asked.
  const recordedSeconds = (Date.now() - recordClicked) / 1000;
  await page.getByRole("button", { name: "Foto maken" }).click();
  await page.getByTestId("review-clip").getByRole("button", { name: "Video uploaden" }).click();
  await page.getByTestId("stills").getByRole("button", { name: "Uploaden" }).first().click();

  const items = page.getByTestId("upload-item");
  await expect(items).toHaveCount(2);
  // Each is probed (duration, poster) before it starts, so the still may be listed first.
  const clip = items.filter({ hasText: ".webm" });
  const still = items.filter({ hasText: ".jpg" });
  await expect(clip).toHaveAttribute("data-state", "complete", { timeout: 30_000 });
  await expect(still).toHaveAttribute("data-state", "complete", { timeout: 30_000 });
  await expect(clip.getByTestId("media-details")).toContainText("video/webm");
  await expect(still.getByTestId("media-details")).toContainText("image/jpeg");
  await expect(still.getByTestId("media-image")).toBeVisible();
  // The list shows the browser-made thumbnail the server stored, not the full still.
  const thumbnail = still.getByTestId("media-thumbnail");
  await expect(thumbnail).toHaveAttribute("src", /\/api\/media\/.+\/thumbnail\?expires=/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(320);

  const player = clip.getByTestId("media-player");
  await expect(player).toHaveAttribute("poster", /\/api\/media\/.+\/poster\?expires=/);
  // The duration was measured in the browser at upload and stored with the object: at least the 3.5 s asked (less
  // a second for the first frames), at most as long as the recorder was on.
  const duration = clip.getByTestId("media-details").locator("dt:text-is('Duur') + dd");
  await expect(duration).toHaveText(/^\d+:\d\d$/);
  const [minutes, seconds] = (await duration.textContent())!.split(":").map(Number);
  expect(minutes * 60 + seconds).toBeGreaterThanOrEqual(2);
  expect(minutes * 60 + seconds).toBeLessThanOrEqual(Math.ceil(recordedSeconds) + 1);
  const seeked = await player.evaluate(async (video: HTMLVideoElement) => {
    if (video.readyState < 1) await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
    video.currentTime = 2;
    await new Promise((resolve, reject) => {
      video.addEventListener("seeked", resolve, { once: true });
      video.addEventListener("error", () => reject(new Error("playback error")), { once: true });
    });
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 300));
    video.pause();
    return video.currentTime;
  });
  expect(seeked).toBeGreaterThanOrEqual(2);
  expect(ranges).toContain(206);

  // The recent media list shows images by their thumbnail, opening the full file.
  await page.reload();
  const recentImage = page.getByTestId("recent-image").first();
  await expect(recentImage).toHaveAttribute("href", /\/api\/media\/.+\/file\?expires=/);
  await expect(recentImage.getByTestId("media-thumbnail")).toHaveAttribute("src", /\/api\/media\/.+\/thumbnail\?expires=/);
});

test("uploads several files, refuses a wrong type, shows time left, and resumes a paused upload by the button and after a reload", async ({ page }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, "admin@casus.test", "/test/viot-uploads");
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(6 * 1024 * 1024)]);
  const notVideo = Buffer.from("%PDF-1.7 this is not a video at all");
  await page.getByTestId("file-input").setInputFiles([
    { name: "eardrum.png", mimeType: "image/png", buffer: png },
    { name: "clip.mp4", mimeType: "video/mp4", buffer: notVideo },
  ]);
  const items = page.getByTestId("upload-item");
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: "eardrum.png" })).toHaveAttribute("data-state", "complete", { timeout: 30_000 });
  const refused = items.filter({ hasText: "clip.mp4" });
  await expect(refused).toHaveAttribute("data-state", "error");
  await expect(refused.getByTestId("upload-error")).toHaveAttribute("data-code", "storage/invalid-argument");
  await expect(refused.getByTestId("upload-error")).toContainText("niet aan de naam");
  // The same file would be refused again: no retry, only removing it. On a phone the row keeps the name readable
  // and the status on a line or two, the buttons wrapping below instead of squeezing them.
  await expect(refused.getByRole("button", { name: "Opnieuw proberen" })).toHaveCount(0);
  await expect(refused.getByRole("button", { name: "Annuleren" })).toBeVisible();
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await refused.evaluate((row) => ({
    name: row.querySelector("p.truncate")!.getBoundingClientRect().width,
    status: row.querySelector('[data-testid="upload-status"]')!.getBoundingClientRect().width,
  }));
  expect(widths.name).toBeGreaterThan(200);
  expect(widths.status).toBeGreaterThan(200);
  if (viewport) await page.setViewportSize(viewport);

  // A slow network: pause half-way, leave the page, come back: the upload resumes from the browser's queue.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
  const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(12 * 1024 * 1024)]);
  await page.getByTestId("file-input").setInputFiles([{ name: "otoscope.jpg", mimeType: "image/jpeg", buffer: big }]);
  const slow = items.filter({ hasText: "otoscope.jpg" });
  await expect(slow).toHaveAttribute("data-state", "uploading");
  await expect(slow.getByTestId("upload-status")).toContainText(/\/s/, { timeout: 15_000 });
  // Time left at the measured speed, in the user's language (m:ss).
  await expect(slow.getByTestId("upload-status")).toContainText(/nog \d+:\d{2}/);
  await slow.getByRole("button", { name: "Pauzeren" }).click();
  await expect(slow).toHaveAttribute("data-state", "paused");
  // The Resume button continues the same upload from where it stopped; then pause again for the reload below.
  const sentAtPause = Number(await slow.getByRole("progressbar").getAttribute("aria-valuenow"));
  await slow.getByRole("button", { name: "Hervatten" }).click();
  await expect(slow).toHaveAttribute("data-state", "uploading");
  await expect.poll(async () => Number(await slow.getByRole("progressbar").getAttribute("aria-valuenow")), { timeout: 15_000 }).toBeGreaterThan(sentAtPause);
  await slow.getByRole("button", { name: "Pauzeren" }).click();
  await expect(slow).toHaveAttribute("data-state", "paused");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const created: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/uploads") created.push(request.url());
  });
  await page.reload();
  const resumed = page.getByTestId("upload-item").filter({ hasText: "otoscope.jpg" });
  await expect(resumed).toHaveAttribute("data-state", "complete", { timeout: 30_000 });
  await expect(resumed.getByTestId("media-details")).toContainText(crypto.createHash("sha256").update(big).digest("hex"));
  // The same upload continued (no new one was created after the reload).
  expect(created).toEqual([]);
});

test("an upload survives the connection dropping: it retries with backoff and completes with every byte", async ({ page }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, "admin@casus.test", "/test/viot-uploads");
  // Every PATCH fails with a reset connection until the network "comes back".
  let dropped = 0;
  await page.route(/\/api\/uploads\/[0-9a-f-]{36}$/, (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    dropped++;
    return route.abort("connectionreset");
  });
  const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(3 * 1024 * 1024)]);
  await page.getByTestId("file-input").setInputFiles([{ name: "flaky.jpg", mimeType: "image/jpeg", buffer: bytes }]);
  const item = page.getByTestId("upload-item").filter({ hasText: "flaky.jpg" });
  await expect(item).toHaveAttribute("data-state", "retrying", { timeout: 15_000 });
  await expect.poll(() => dropped, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await page.unroute(/\/api\/uploads\/[0-9a-f-]{36}$/);
  await expect(item).toHaveAttribute("data-state", "complete", { timeout: 30_000 });
  await expect(item.getByTestId("media-details")).toContainText(crypto.createHash("sha256").update(bytes).digest("hex"));
});

test("cancels an upload: the message is in the user's language and the server drops the upload", async ({ page }) => {
  test.setTimeout(60_000);
  await openSignedIn(page, "admin@casus.test", "/en/test/viot-uploads");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
  const created = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/uploads");
  const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(8 * 1024 * 1024)]);
  await page.getByTestId("file-input").setInputFiles([{ name: "cancelled.jpg", mimeType: "image/jpeg", buffer: bytes }]);
  const location = (await created).headers()["location"];
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
  const item = page.getByTestId("upload-item").filter({ hasText: "cancelled.jpg" });
  await expect(item).toHaveAttribute("data-state", "uploading");
  const terminated = page.waitForResponse((r) => r.request().method() === "DELETE" && new URL(r.url()).pathname === location);
  await item.getByRole("button", { name: "Cancel" }).click();
  await expect(item).toHaveAttribute("data-state", "canceled");
  await expect(item.getByTestId("upload-error")).toHaveAttribute("data-code", "storage/canceled");
  await expect(item.getByTestId("upload-error")).toHaveText("The file transfer was cancelled.");
  expect((await terminated).status()).toBe(204);
  // Gone on the server: the upload is unknown now.
  const { token } = (await (await page.request.get("/api/app-check")).json()) as { token: string };
  const after = await page.request.head(location, { headers: { "tus-resumable": "1.0.0", "x-casus-app-check": token } });
  expect(after.status()).toBe(404);
});
