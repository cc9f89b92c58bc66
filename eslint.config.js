// Lint rules for kete: typescript-eslint's recommended set, with `any` banned in src,
// and the layers of "How it is built" (docs/architecture.md) enforced:
// a layer imports only the layers inside it, and those only through their index module.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** The layers of src, innermost first, with what each may import. */
export const LAYERS = {
  shared: [],
  // The player's language (issue 32): catalogues and translators, pure.
  i18n: ["shared"],
  games: ["shared"],
  protocol: ["shared"],
  search: ["games", "shared"],
  engine: ["games", "search", "shared"],
  board: ["protocol", "shared"],
  controller: ["games", "i18n", "protocol", "shared"],
  journal: ["shared"],
  // The web view: the pages' JSON, the push and the server; never the controller or the board.
  web: ["games", "journal", "protocol", "shared"],
  emulator: ["board", "protocol", "shared"],
  // The club night (issue 33): the boards' broadcast over MQTT and the event it makes.
  club: ["games", "journal", "shared"],
  bench: [
    "board",
    "club",
    "controller",
    "emulator",
    "engine",
    "games",
    "i18n",
    "journal",
    "protocol",
    "search",
    "shared",
    "web",
  ],
  cli: [
    "board",
    "club",
    "controller",
    "emulator",
    "engine",
    "games",
    "i18n",
    "journal",
    "protocol",
    "search",
    "shared",
    "web",
  ],
};
/** What the pages of web/ use of the browser. */
const BROWSER_GLOBALS = [
  "window",
  "document",
  "location",
  "history",
  "navigator",
  "EventSource",
  "fetch",
  "URL",
  "URLSearchParams",
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
  "requestAnimationFrame",
  "performance",
  "matchMedia",
  "console",
  "Node",
  "HTMLInputElement",
  "CSS",
];
/** Imports allowed for their types only (erased at run time): physical traces and the link's events. */
export const TYPES_ONLY = { board: ["games"], controller: ["board"] };
/** Layers that know nothing about files, ports or time: no Node built-ins. */
export const PURE = ["shared", "i18n", "games", "search", "protocol", "engine", "controller"];
/** Pure files inside a layer that is not: the club's addresses, topics and payloads. */
const PURE_FILES = { club: ["address.ts", "wire.ts", "simulated.ts"] };

function layerRules(layer, pureFiles = null) {
  const allowed = LAYERS[layer];
  const typesOnly = TYPES_ONLY[layer] ?? [];
  const others = Object.keys(LAYERS).filter((l) => l !== layer);
  const forbidden = others.filter((l) => !allowed.includes(l) && !typesOnly.includes(l));
  const patterns = [];
  if (forbidden.length > 0) {
    patterns.push({
      regex: `^\\.\\.?/(\\.\\./)*(${forbidden.join("|")})/`,
      message: `${layer} is inside the layers it would import from (docs/architecture.md): move the shared part inward`,
    });
  }
  if (typesOnly.length > 0) {
    patterns.push({
      regex: `^\\.\\.?/(\\.\\./)*(${typesOnly.join("|")})/`,
      allowTypeImports: true,
      message: `${layer} may use ${typesOnly.join(", ")} for types only`,
    });
  }
  patterns.push({
    regex: `^\\.\\.?/(\\.\\./)*(${[...allowed, ...typesOnly].join("|") || "-"})/(?!index\\.js$).+`,
    message: "import another layer through its index module (…/index.js)",
  });
  if (PURE.includes(layer) || pureFiles !== null) {
    patterns.push({
      regex: "^(node:|fs$|path$|os$|child_process$|net$|mqtt$|aedes$|serialport|@serialport/)",
      message: `${layer}${pureFiles === null ? "" : ` (${pureFiles.join(", ")})`} is pure: no files, ports or time (docs/architecture.md)`,
    });
  }
  return {
    files:
      pureFiles === null ? [`src/${layer}/**/*.ts`] : pureFiles.map((f) => `src/${layer}/${f}`),
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
  };
}

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: "readonly", process: "readonly" },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "always"],
    },
  },
  {
    // Issue 31: a Result in src names its error type, the union of codes its layer may
    // give (docs/architecture.md, "Errors"); with the default any code would compile.
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: 'TSTypeReference[typeName.name="Result"][typeArguments.params.length=1]',
          message:
            "name the error type: Result<T, LayerError> (the layer's union of codes), or Result<T, KeteError> for an error passed on as it came",
        },
      ],
    },
  },
  ...Object.keys(LAYERS).map((layer) => layerRules(layer)),
  ...Object.entries(PURE_FILES).map(([layer, files]) => layerRules(layer, files)),
  {
    // The web view's pages (web/): plain ES modules run by the browser, no build step.
    files: ["web/**/*.js"],
    languageOptions: {
      sourceType: "module",
      globals: Object.fromEntries(BROWSER_GLOBALS.map((name) => [name, "readonly"])),
    },
  },
  {
    // The test files of a vitest worker share their modules (vitest.config.ts `isolate`):
    // a mock or a stubbed global would leak into the files that follow.
    files: ["test/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock", "hoisted", "stubGlobal", "stubEnv"].map((property) => ({
          object: "vi",
          property,
          message:
            "test files share their modules (vitest.config.ts isolate: false): pass a fake in instead, and restore what you change",
        })),
      ],
    },
  },
);
