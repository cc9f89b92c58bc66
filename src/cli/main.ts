#!/usr/bin/env node
/** Entry point of the `kete` command (package.json `bin`). */
import { quietWhenOutputCloses } from "./output.js";
import { runCli } from "./program.js";

// `kete games | head -1`: a closed output ends any command quietly (src/cli/output.ts).
quietWhenOutputCloses();
await runCli(process.argv);
