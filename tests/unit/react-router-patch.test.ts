/**
 * Casus's patch to React Router (patches/react-router+<version>.patch, applied by `npm install`'s postinstall
 * through patch-package): every copy of React Router remembers, on the server, the routes each address prefix
 * matches for the partial manifest (decision 086) and what each path matches in a route tree (decision 088), and
 * makes the route objects of a server render once per build instead of once per page (decision 090); in the
 * browser, a navigation interrupted while its data streams in no longer reports two unhandled rejections (decision
 * 097). If an
 * upgrade or a fresh install leaves a copy unpatched, this says so; the partial manifest's behaviour is checked
 * against the running server in tests/e2e/route-manifest.spec.ts, the remembered matches here and by every browser
 * test.
 */
import fs from "node:fs";
import path from "node:path";
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIST = path.join(ROOT, "node_modules/react-router/dist");

const copies = ["development", "production"].flatMap((dir) =>
  fs
    .readdirSync(path.join(DIST, dir))
    .filter((file) => /^chunk-.*\.m?js$/.test(file))
    .map((file) => path.join(dir, file))
    .filter((file) => fs.readFileSync(path.join(DIST, file), "utf8").includes("function getPartialManifest(")),
);

/** The copies (ESM and CommonJS, development and production) that hold `source`. */
const copiesWith = (source: string) =>
  ["development", "production"].flatMap((dir) =>
    fs
      .readdirSync(path.join(DIST, dir))
      .filter((file) => /\.m?js$/.test(file))
      .map((file) => path.join(dir, file))
      .filter((file) => fs.readFileSync(path.join(DIST, file), "utf8").includes(source)),
  );

describe("the React Router patch", () => {
  it("is written for the installed version", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/react-router/package.json"), "utf8")) as { version: string };
    expect(fs.readdirSync(path.join(ROOT, "patches"))).toContain(`react-router+${version}.patch`);
  });

  it("finds the ESM and CommonJS copies of the partial manifest, in development and production builds", () => {
    expect(copies).toHaveLength(4);
  });

  it.each(copies)("%s remembers the routes of each address prefix", (file) => {
    const source = fs.readFileSync(path.join(DIST, file), "utf8");
    expect(source).toContain("Casus patch (docs/decisions/086)");
    expect(source).toMatch(/let ids = remembered\.get\(key\);/);
  });

  it.each(copies)("%s remembers what each path matches in a route tree, on the server only", (file) => {
    const source = fs.readFileSync(path.join(DIST, file), "utf8");
    expect(source).toContain("Casus patch (docs/decisions/088)");
    expect(source).toContain('var rememberMatches = typeof document === "undefined";');
    expect(source).toContain("var PARTIAL_MANIFEST_PATH_LENGTH = 256;");
    expect(source).toMatch(/return copyRememberedMatches\(remembered\.get\(key\)\);/);
  });

  it("answers a remembered path as matching it afresh would, with matches of its own each time", () => {
    const tree = (): RouteObject[] => [
      {
        id: "root",
        path: "",
        children: [
          { id: "home", index: true },
          { id: "pro", path: "en/pro/:proId", children: [{ id: "case", path: "case/:caseId" }] },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const routes = tree();
    const first = matchRoutes(routes, "/en/pro/7/case/9")!;
    const again = matchRoutes(routes, "/en/pro/7/case/9")!;
    const fresh = matchRoutes(tree(), "/en/pro/7/case/9")!;
    const summary = (matches: typeof first) => matches.map((m) => [m.route.id, m.pathname, m.pathnameBase, m.params]);
    expect(summary(again)).toEqual(summary(fresh));
    expect(summary(again)).toEqual([
      ["root", "/", "/", { proId: "7", caseId: "9" }],
      ["pro", "/en/pro/7", "/en/pro/7", { proId: "7", caseId: "9" }],
      ["case", "/en/pro/7/case/9", "/en/pro/7/case/9", { proId: "7", caseId: "9" }],
    ]);
    // A caller that changes what it was given (a loader editing its params) does not change the next answer.
    expect(again).not.toBe(first);
    (first[0].params as Record<string, string>).proId = "changed";
    first.pop();
    expect(summary(matchRoutes(routes, "/en/pro/7/case/9")!)).toEqual(summary(fresh));
    // Other paths and other trees are their own: a different id, the splat, the index, a basename.
    expect(matchRoutes(routes, "/en/pro/8/case/1")![2].params).toEqual({ proId: "8", caseId: "1" });
    expect(matchRoutes(routes, "/nowhere")!.map((m) => m.route.id)).toEqual(["root", "splat"]);
    expect(matchRoutes(routes, "/")!.map((m) => m.route.id)).toEqual(["root", "home"]);
    expect(matchRoutes(routes, "/base/en/pro/3", "/base")!.map((m) => [m.route.id, m.pathname])).toEqual([
      ["root", "/"],
      ["pro", "/en/pro/3"],
    ]);
    expect(matchRoutes(routes, "/elsewhere/en/pro/3", "/base")).toBeNull();
    const other: RouteObject[] = [{ id: "only", path: "en/pro/:proId/case/:caseId" }];
    expect(matchRoutes(other, "/en/pro/7/case/9")!.map((m) => m.route.id)).toEqual(["only"]);
  });

  // A route tree changed in place shows what is remembered: a remembered path keeps its first answer, a path
  // matched afresh sees the change. (React Router's server never changes its trees; these tests do, to look inside.)
  const changedInPlace = () => {
    const routes: RouteObject[] = [{ id: "anything", path: "*" }];
    const answer = (path: string) => matchRoutes(routes, path)!.at(-1)!.route.id;
    const change = () => routes.push({ id: "under-q", path: "q/*" });
    return { answer, change };
  };

  it("remembers short paths and matches paths longer than 256 characters afresh, so no kept path is large", () => {
    const { answer, change } = changedInPlace();
    const short = `/q/${"x".repeat(200)}`;
    const long = `/q/${"x".repeat(300)}`;
    expect([answer(short), answer(long)]).toEqual(["anything", "anything"]);
    change();
    expect([answer(short), answer(long)]).toEqual(["anything", "under-q"]);
  });

  it("keeps at most 5,000 paths per route tree: past that it starts again", () => {
    const { answer, change } = changedInPlace();
    expect(answer("/q/first")).toBe("anything");
    for (let n = 0; n < 4_999; n++) answer(`/other/${n}`);
    change();
    expect(answer("/q/first")).toBe("anything"); // 5,000 kept: still remembered
    answer("/other/last"); // the 5,001st path: the map is full, so it starts again
    expect(answer("/q/first")).toBe("under-q");
  });

  it.each(copiesWith("function ServerRouter({"))("%s keeps a server render's route objects per build", (file) => {
    const source = fs.readFileSync(path.join(DIST, file), "utf8");
    expect(source).toContain("Casus patch (docs/decisions/090)");
    expect(source).toContain("let routes = routesByModules.get(routeModules);");
    expect(source).toMatch(/let known = entryRouteModulesByRoutes\.get\(manifest\);/);
  });

  it.each(copiesWith("function createStaticRouter(routes, context"))("%s keeps the static router's data routes per route list", (file) => {
    const source = fs.readFileSync(path.join(DIST, file), "utf8");
    expect(source).toContain("Casus patch (docs/decisions/090)");
    expect(source).toContain("let converted = staticDataRoutesByRoutes.get(routes);");
  });

  it("finds both in ESM and CommonJS, development and production", () => {
    expect(copiesWith("function ServerRouter({")).toHaveLength(4);
    expect(copiesWith("function createStaticRouter(routes, context")).toHaveLength(4);
  });

  it("gives each page its own matches and data from data routes made once for the route list", async () => {
    const routes: RouteObject[] = [
      {
        id: "root",
        path: "/",
        loader: () => "root data",
        children: [
          { id: "home", index: true, loader: () => "home data" },
          { id: "case", path: "case/:caseId", loader: ({ params }) => `case ${params.caseId}` },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const page = async (url: string) => (await handler.query(new Request(`http://casus.test${url}`))) as StaticHandlerContext;
    const [one, two, home] = await Promise.all([page("/case/1"), page("/case/2"), page("/")]);
    const routers = [one, two, home].map((context) => createStaticRouter(handler.dataRoutes, context));
    // One set of data routes for the three pages...
    expect(routers[1].routes).toBe(routers[0].routes);
    expect(routers[2].routes).toBe(routers[0].routes);
    // ...and each page's own matches, params and data, pointing into them.
    const summary = (router: (typeof routers)[number]) => ({
      matches: router.state.matches.map((m) => [m.route.id, m.params]),
      data: router.state.loaderData,
      sameRoutes: router.state.matches.every((m) => router.routes.flatMap((r) => [r, ...(r.children ?? [])]).includes(m.route)),
    });
    expect(routers.map(summary)).toEqual([
      { matches: [["root", { caseId: "1" }], ["case", { caseId: "1" }]], data: { root: "root data", case: "case 1" }, sameRoutes: true },
      { matches: [["root", { caseId: "2" }], ["case", { caseId: "2" }]], data: { root: "root data", case: "case 2" }, sameRoutes: true },
      { matches: [["root", {}], ["home", {}]], data: { root: "root data", home: "home data" }, sameRoutes: true },
    ]);
    // A different route list gets data routes of its own.
    const other: RouteObject[] = [{ id: "only", path: "/case/:caseId" }];
    expect(createStaticRouter(other, one).routes).not.toBe(routers[0].routes);
  });

  it.each(copiesWith("async function decodeInitial(reader)"))("%s marks the promises an aborted data stream rejects as handled", (file) => {
    const source = fs.readFileSync(path.join(DIST, file), "utf8");
    expect(source).toContain("Casus patch (docs/decisions/097)");
    expect(source).toMatch(/done\.promise\.catch\(\(\) => \{\}\);\s+let finished = donePromise\.then\(\(\) => reader\.closed\);\s+finished\.catch/);
  });

  it("finds the data decoder in ESM and CommonJS, development and production", () => {
    expect(copiesWith("async function decodeInitial(reader)")).toHaveLength(4);
  });

  it("decodes a page's data whose stream is aborted after its first line without an unhandled rejection", async () => {
    // What the browser does when a revalidation or a click interrupts a navigation between the data's first line
    // and the end of its stream: the fetch's body errors with the abort.
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      let stream!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = controller;
          controller.enqueue(new TextEncoder().encode('[{"_1":2},"status",1]\n'));
        },
      });
      const decoded = await decodeViaTurboStream(body, globalThis as unknown as Window & typeof globalThis);
      expect(decoded.value).toEqual({ status: 1 });
      stream.error(new DOMException("signal is aborted without reason", "AbortError"));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      // Whoever does wait for the stream's end still hears of the abort.
      await expect(decoded.done).rejects.toThrow("signal is aborted without reason");
    } finally {
      process.off("unhandledRejection", record);
    }
  });
});
