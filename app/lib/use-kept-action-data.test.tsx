// @vitest-environment jsdom
/**
 * The kept action answer on a real React Router (a memory router, its own navigations and revalidations): a refused
 * form's answer survives a move to an anchor of the same page (a missing list's `#field-…` link) and a live reload,
 * and goes with a navigation to another page or query, or with a new submission that ends without one.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, redirect, RouterProvider, useActionData } from "react-router";
import { afterEach, beforeEach, expect, test } from "vitest";
import { useKeptActionData } from "./use-kept-action-data";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Answer = { refused: number };

function Page() {
  const answer = useKeptActionData(useActionData<Answer>());
  return <p data-testid="answer">{answer ? `refused ${answer.refused}` : "none"}</p>;
}

let container: HTMLDivElement;
let root: Root;
let router: ReturnType<typeof createMemoryRouter>;

beforeEach(async () => {
  let refusals = 0;
  router = createMemoryRouter(
    [
      {
        path: "/page",
        Component: Page,
        loader: () => null,
        action: async ({ request }) => {
          const { accept } = (await request.json()) as { accept: boolean };
          return accept ? redirect("/page") : { refused: ++refusals };
        },
      },
      { path: "/other", Component: Page, loader: () => null },
    ],
    { initialEntries: ["/page"] },
  );
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<RouterProvider router={router} />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  router.dispose();
});

const shown = () => container.querySelector("[data-testid=answer]")?.textContent;

async function go(to: string) {
  await act(() => router.navigate(to));
}

async function submit(accept: boolean) {
  await act(() => router.navigate("/page", { formMethod: "post", formEncType: "application/json", body: { accept } }));
}

test("a refusal stays through an anchor of the same page and a live reload", async () => {
  await submit(false);
  expect(shown()).toBe("refused 1");
  await go("/page#field-days");
  expect(router.state.location.hash).toBe("#field-days");
  expect(shown()).toBe("refused 1");
  await act(() => router.revalidate());
  expect(shown()).toBe("refused 1");
  await go("/page#field-feedback");
  expect(shown()).toBe("refused 1");
});

test("a navigation to another query or page forgets the refusal", async () => {
  await submit(false);
  await go("/page?status=open");
  expect(shown()).toBe("none");
  await go("/page");
  expect(shown()).toBe("none");

  await submit(false);
  await go("/other");
  expect(shown()).toBe("none");
  await go("/page");
  expect(shown()).toBe("none");
});

test("a new submission replaces the refusal with its own answer, or with none", async () => {
  await submit(false);
  await go("/page#field-days");
  await submit(false);
  expect(shown()).toBe("refused 2");
  // Accepted: the action sends the browser back to the same page, without an answer.
  await submit(true);
  expect(router.state.location.pathname).toBe("/page");
  expect(shown()).toBe("none");
  await act(() => router.revalidate());
  expect(shown()).toBe("none");
});
