// @vitest-environment jsdom
/**
 * The overlay over the live picture (the in-ear indicator) must survive React hiding the recorder for a moment.
 * When something inside the same Suspense boundary suspends (e.g. a message file still loading), React shows the
 * fallback and detaches the refs of the hidden tree; the retry renders before they are attached again. The
 * recorder once read its <video> from a ref during render, so after such a moment the overlay was gone for good
 * (the dossier recorder showed no in-ear label although the model had loaded).
 */
import i18next from "i18next";
import { act, Suspense } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeEach, expect, test } from "vitest";
import { i18nOptions } from "~/i18n/config";
import media from "~/i18n/locales/en/media.json";
import { Recorder } from "./recorder";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nOptions("en"), ns: ["media"], resources: { en: { media } }, initAsync: false });

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** Throws (suspends) until `release` is called, like a component whose data is not there yet. */
function gate() {
  let released = false;
  let release = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    release = () => {
      released = true;
      resolve();
    };
  });
  function Gate({ closed }: { closed: boolean }) {
    if (closed && !released) throw promise;
    return null;
  }
  return { Gate, release: () => release(), promise };
}

function Harness({ overlay, closed, Gate }: { overlay: boolean; closed: boolean; Gate: (props: { closed: boolean }) => null }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<p data-testid="fallback" />}>
        <Recorder
          renderOverlay={(video) => (overlay ? <span data-testid="overlay" data-video={video.tagName} /> : null)}
          onKeepClip={() => undefined}
          onKeepStill={() => undefined}
        />
        <Gate closed={closed} />
      </Suspense>
    </I18nextProvider>
  );
}

const overlay = () => container.querySelector('[data-testid="overlay"]');

test("the overlay is drawn over the video as soon as the recorder is on the page", () => {
  const { Gate } = gate();
  act(() => root.render(<Harness overlay closed={false} Gate={Gate} />));
  expect(overlay()?.getAttribute("data-video")).toBe("VIDEO");
});

test("the overlay comes back after the recorder was hidden by a suspended sibling", async () => {
  const { Gate, release, promise } = gate();
  act(() => root.render(<Harness overlay={false} closed={false} Gate={Gate} />));
  act(() => root.render(<Harness overlay={false} closed={false} Gate={Gate} />));
  expect(overlay()).toBeNull();

  // The overlay's content appears in the same update that suspends (as the indicator did with its messages).
  act(() => root.render(<Harness overlay closed Gate={Gate} />));
  expect(container.querySelector('[data-testid="fallback"]')).not.toBeNull();

  await act(async () => {
    release();
    await promise;
  });
  expect(container.querySelector('[data-testid="fallback"]')).toBeNull();
  expect(overlay()?.getAttribute("data-video")).toBe("VIDEO");
});
