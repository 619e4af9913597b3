/**
 * Chromium's fake camera playing a synthetic clip: the clip is generated into a temporary directory when the
 * spec loads (launch options must be known before the browser starts), and `fakeCamera(label)` gives the
 * `test.use` options. Each label needs its own spec file: Playwright starts one browser per launch options.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { CHROMIUM_ARGS } from "../../../playwright.config";
import { syntheticClip } from "../../../app/ml/synthetic/dataset";
import { encodeY4m } from "../../../app/ml/synthetic/y4m";
import { expect, signIn } from "./fixtures";

/** `size`: the clip's width and height in pixels (the camera delivers the file's own size). */
export function fakeCamera(label: 0 | 1, seed: number, size = 128) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-clip-"));
  const file = path.join(dir, `clip-${label}.y4m`);
  fs.writeFileSync(file, encodeY4m(syntheticClip({ seed, label, frames: 40, size }), size, size, 25));
  return {
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${file}`],
    },
  };
}

export async function openLivePrediction(page: Page) {
  await signIn(page, "admin@casus.test");
  await page.goto("/en/debug/ml/live-prediction");
  await expect(page.getByTestId("synthetic-notice")).toBeVisible();
}
