/** Live prediction with the fake camera playing a synthetic in-ear clip: the label, and no tensor leak per frame. */
import { expect, test } from "./support/fixtures";
import { fakeCamera, openLivePrediction } from "./support/fake-camera";

test.use(fakeCamera(1, 301));

test("an in-ear clip is labelled in ear, and tensor memory stays flat over 300 frames", async ({ page }) => {
  test.setTimeout(90_000);
  await openLivePrediction(page);
  const label = page.getByTestId("in-ear-label");
  await expect(label).toHaveAttribute("data-state", "in-ear", { timeout: 20_000 });
  await expect(label).toContainText("In ear");
  await expect(page.getByTestId("fps")).toContainText(/[1-9]/);

  const frames = page.getByTestId("frame-count");
  const tensors = page.getByTestId("tensor-count");
  await expect.poll(async () => Number(await frames.textContent()), { timeout: 20_000 }).toBeGreaterThan(31);
  await expect(tensors).not.toHaveText("–");
  const start = Number(await frames.textContent());
  const before = Number(await tensors.textContent());
  await expect.poll(async () => Number(await frames.textContent()), { timeout: 60_000 }).toBeGreaterThan(start + 330);
  // The count is sampled every 30 predictions, so the latest sample is at least 300 predictions after the first.
  expect(Number(await tensors.textContent())).toBe(before);
  await expect(label).toHaveAttribute("data-state", "in-ear");
});
