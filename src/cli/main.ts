#!/usr/bin/env node
/** Entry point of the `kete` command (package.json `bin`). */
import { runCli } from "./program.js";

await runCli(process.argv);
