/**
 * The web view (issue 17): the JSON the pages draw (state.ts), the live
 * game's push (hub.ts) and the read-only server (server.ts). The pages
 * themselves are plain files in the package's `web/` folder.
 */
export * from "./state.js";
export * from "./hub.js";
export * from "./pages.js";
export * from "./server.js";
export * from "./event.js";
