// ESLint holds the house conventions (issue 12, decision 064): the layer rules as import restrictions, promises
// that are handled, switches that cover every case, the rules of hooks, and jsx-a11y's accessibility rules.
// Type-aware (typescript-eslint's project service), so the promise and switch rules see the types.
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Modules with I/O or server-only state: never in app/domain (pure, runs on both sides). */
const IO_MODULES = [
  { group: ["node:*", "fs", "path", "os", "crypto", "http", "https", "net", "child_process", "stream"], message: "app/domain is pure: no I/O." },
  { group: ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "better-auth", "better-auth/*", "express", "nodemailer", "pino", "@aws-sdk/*", "@tus/*"], message: "app/domain is pure: no I/O." },
  { group: ["~/server/*", "~/server/**", "../server/*", "../../server/*", "*.server"], message: "app/domain runs on both sides: nothing from app/server." },
];

/** Browser code may use the server's types, never its code. */
const SERVER_CODE = [{ group: ["~/server/*", "~/server/**", "../server/*", "../../server/*", "*.server"], allowTypeImports: true, message: "Browser code never imports app/server (types only)." }];

/** readForm is parseForm's own reader: actions call parseForm, so every body is checked against a schema. */
const READ_FORM = { name: "~/server/forms/read-form.server", importNames: ["readForm"], message: "Take a form with parseForm (~/server/forms/parse-form.server), which checks it against the action's schema." };

/** Forms are read with parseForm (issue 12), never request.formData(). */
const FORM_DATA_CALL = {
  selector: "CallExpression[callee.property.name='formData'][arguments.length=0]",
  message: "Read a form with parseForm (app/server/forms/parse-form.server.ts), not request.formData().",
};
// One formatter for dates and times, in the page's language and the clinic's time zone (issue 16): a browser in
// another zone, or the server's own zone, must not change what a date reads.
const DATE_FORMATS = [
  {
    selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
    message: "Format dates with dateTimeFormat (app/lib/format-date.ts): the clinic's time zone, one formatter.",
  },
  {
    selector: "ImportSpecifier[imported.name='dateTimeFormatter']",
    message: "Format dates with dateTimeFormat (app/lib/format-date.ts): the clinic's time zone, one formatter.",
  },
];

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".react-router/**", "public/**", "test-results/**", "drizzle/**", "data/**", "**/*.mjs", "**/*.js"] },
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Otoscope recordings have no sound and no speech: there is nothing to caption.
      "jsx-a11y/media-has-caption": "off",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // React code only: TensorFlow.js's `tf.backend`/`useBackend` and Playwright's fixture `use` are not React hooks.
    files: ["app/components/**/*.tsx", "app/routes/**/*.tsx", "app/layouts/**/*.tsx", "app/lib/**/*.{ts,tsx}", "app/root.tsx"],
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // One HTTP client in the browser (issue 16 point 9, decision 076): the seed's retry policy and timeout, and the
    // online status it feeds. The tus upload client and EventSource keep their own transports.
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}", "app/ml/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}", "app/layouts/**/*.tsx", "app/root.tsx"],
    // message-file-fetch.ts: i18next's backend keeps its own small retry (decision 076: the sign-in page's budget).
    ignores: ["app/lib/http.ts", "app/lib/message-file-fetch.ts", "**/*.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Use the one HTTP client (http from app/lib/http.ts): retry policy, timeout, online status." },
        { name: "XMLHttpRequest", message: "Use the one HTTP client (http from app/lib/http.ts): retry policy, timeout, online status." },
      ],
    },
  },
  {
    files: ["app/domain/**/*.ts"],
    ignores: ["app/domain/**/*.test.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: IO_MODULES }] },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}", "app/ml/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: SERVER_CODE }] },
  },
  {
    // Route modules (and layouts, which are routes too) reach data only through app/server's functions that take the
    // actor, never the database. Their server imports are stripped from the browser build with the loader.
    files: ["app/routes/**/*.{ts,tsx}", "app/layouts/**/*.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["~/server/db/*", "~/server/db/**"], allowTypeImports: true, message: "Route modules never reach the database directly." }],
          paths: [READ_FORM],
        },
      ],
    },
  },
  {
    // One way to take a form (issue 12): parseForm reads the body with readForm and checks it with the action's
    // schema. Reading a body any other way skips the size, type and control-character checks.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/forms/**", "app/routes/**", "app/layouts/**", "app/domain/**", "app/components/**", "app/lib/**", "app/ml/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [READ_FORM] }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/forms/read-form.server.ts", "app/lib/format-date.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        FORM_DATA_CALL,
        ...DATE_FORMATS,
      ],
    },
  },
  {
    // The API table is the only way to answer HTTP outside the pages (issue 12): no hand-made Express routers or
    // routes elsewhere. The auth door is the one other router (an allow-list in front of Better Auth).
    files: ["app/server/**/*.ts", "server/**/*.ts"],
    ignores: ["app/server/api/**", "app/server/auth/auth-door.server.ts", "app/server/forms/read-form.server.ts", "**/*.test.ts"],
    rules: {
      // One rule's options replace an earlier block's for the same files: the form rule is repeated here.
      "no-restricted-syntax": [
        "error",
        FORM_DATA_CALL,
        ...DATE_FORMATS,
        { selector: "CallExpression[callee.name='Router']", message: "Declare the endpoint in app/domain/api-table.ts instead of a router." },
        { selector: "CallExpression[callee.property.name='Router']", message: "Declare the endpoint in app/domain/api-table.ts instead of a router." },
        {
          selector: "CallExpression[callee.object.name=/^(app|router)$/][callee.property.name=/^(get|post|put|patch|delete|all|head|options)$/]",
          message: "Declare the endpoint in app/domain/api-table.ts instead of a route on the app.",
        },
      ],
    },
  },
);
