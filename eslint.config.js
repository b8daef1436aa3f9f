// ESLint flat config: TypeScript, React, hooks and accessibility rules; formatting is Prettier's job.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// One way to run SQL: db/sql.server.ts joins the caller's transaction and owns BEGIN / COMMIT /
// ROLLBACK (docs/data-access.md). Tests and the embedded server's own setup may open connections.
const SQL_OUTSIDE_ITS_MODULE = [
  {
    selector: "MemberExpression[property.name=/^(getConnection|acquireConnection)$/]",
    message: "Run SQL through db/sql.server.ts (sqlRows, sqlExecute, sqlOutsideTransaction, withPgClient): a connection taken by hand does not see the caller's transaction.",
  },
  {
    selector: "CallExpression[callee.property.name='query'][arguments.0.value=/^\\s*(begin|start\\s+transaction|commit|end|rollback)\\b/i]",
    message: "Open transactions with db().transactional(...) or withPgTransaction (db/sql.server.ts), which commit, roll back and release in one place.",
  },
  {
    selector: "CallExpression[callee.property.name='query'][arguments.0.quasis.0.value.raw=/^\\s*(begin|start\\s+transaction|commit|end|rollback)\\b/i]",
    message: "Open transactions with db().transactional(...) or withPgTransaction (db/sql.server.ts), which commit, roll back and release in one place.",
  },
  {
    selector: "NewExpression[callee.object.name='pg'][callee.property.name=/^(Client|Pool)$/]",
    message: "Take a pg client from withPgClient or withPgTransaction (db/sql.server.ts; applicationName gives a dedicated connection).",
  },
];

// One way to say no: every 403 is refuse()'s (app/modules/access/refuse.server.ts), which audits it
// (docs/access.md#audit-of-refusals).
const FORBIDDEN_OUTSIDE_REFUSE = [
  {
    selector: "NewExpression[callee.name=/^(AppError|FieldError)$/][arguments.0.value=403]",
    message: "Refuse with refuse() or requirePermission / requireSystemPermission (app/modules/access/): every refusal is audited.",
  },
];

/**
 * Radix Themes' stylesheet is the design system; its React components are not shipped
 * (app/components/radix renders their markup, docs/architecture.md#the-design-systems-markup-without-its-script).
 */
const RADIX_THEMES_SCRIPT = {
  regex: "^@radix-ui/themes$",
  message: "Import Button, Text, Card and the rest from ~/components/radix (the same markup, without Radix's script).",
};

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/results/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // React rules only where React runs: tests' `use…` helpers are vitest fixtures, not hooks.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.configs.recommended.rules,
      // Types are checked by tsc; prop-types add nothing.
      "react/prop-types": "off",
      // The GOV.UK pattern focuses the error summary and panel headings on purpose (WCAG 3.3.1).
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    // Shared page building blocks come from ~/components/kit, so the browser build keeps them in one
    // chunk (see the comment in app/components/kit.ts). Server modules never reach the browser.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/kit.ts", "app/components/form/**", "app/components/records/**", "app/components/layout/PageHeader.tsx", "app/components/radix/**", "**/*.server.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/components/|\\.\\.?/(\\.\\./)*)(form/|records/|layout/PageHeader)",
              message: "Import shared page building blocks from ~/components/kit (one browser chunk).",
            },
            RADIX_THEMES_SCRIPT,
          ],
        },
      ],
    },
  },
  {
    // The building blocks themselves use the same Radix markup as every page.
    files: ["app/components/kit.ts", "app/components/form/**", "app/components/records/**", "app/components/layout/PageHeader.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [RADIX_THEMES_SCRIPT] }] },
  },
  {
    // Layers (CONTRIBUTING.md, "Layers"): routes -> components -> modules -> utils -> db. Modules
    // serve pages and /api alike, so they never reach up into components or routes.
    files: ["app/modules/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+)(components|routes)(/|$)",
              message: "Modules sit below components and routes: move the shared piece down (app/utils or the domain module).",
            },
          ],
        },
      ],
    },
  },
  {
    // utils know no feature: what a helper needs from one is passed in, or the helper moves to the module.
    files: ["app/utils/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+)(components|routes|modules)(/|$)",
              message: "app/utils sits below modules, components and routes: it imports only utils, db and packages.",
            },
          ],
        },
      ],
    },
  },
  {
    // Components render in the browser too: from a server module they may take types only.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "\\.server$",
              allowTypeImports: true,
              message: "Components may import types from *.server modules, never values: the loader passes the data.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "server.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...SQL_OUTSIDE_ITS_MODULE, ...FORBIDDEN_OUTSIDE_REFUSE] },
  },
  {
    // One logger, JSON lines with the request's id and no personal data (docs/operations.md#logs).
    // The migration script under db/scripts talks to a developer at a terminal, so it prints.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "server.ts"],
    ignores: ["**/*.test.{ts,tsx}", "db/scripts/**"],
    rules: { "no-console": "error" },
  },
  {
    files: ["db/sql.server.ts", "db/embedded-postgres.ts"],
    rules: { "no-restricted-syntax": ["error", ...FORBIDDEN_OUTSIDE_REFUSE] },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tests read JSON bodies whose shape is what they assert.
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  prettier,
);
