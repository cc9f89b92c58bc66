/**
 * `npm run bench`: prints every benchmark of kete as markdown tables
 * (the README quotes them). `npm run bench -- engine` runs one section;
 * `npm run bench -- search --games=20` passes a section its options.
 */
import { benchAbalone } from "./abalone.js";
import { benchBoard } from "./board.js";
import { benchClub } from "./club.js";
import { benchController } from "./controller.js";
import { benchEmulator } from "./emulator.js";
import { benchEmulatorSpeed } from "./emulator-speed.js";
import { benchEngine } from "./engine.js";
import { benchFirmata } from "./firmata.js";
import { benchGems } from "./gems.js";
import { benchHints } from "./hints.js";
import { benchPlay } from "./play.js";
import { benchSearch } from "./search.js";
import { benchSettle } from "./settle.js";
import { benchSettleStock } from "./settle-stock.js";
import { benchWeb } from "./web.js";

const SECTIONS: Record<string, () => Promise<void>> = {
  engine: benchEngine,
  controller: benchController,
  board: benchBoard,
  play: benchPlay,
  emulator: benchEmulator,
  speed: benchEmulatorSpeed,
  firmata: benchFirmata,
  gems: benchGems,
  abalone: benchAbalone,
  settle: benchSettle,
  "settle-stock": benchSettleStock,
  search: benchSearch,
  hints: benchHints,
  web: benchWeb,
  club: benchClub,
};

async function main(): Promise<void> {
  // `--name=value` arguments are a section's own (search: --games=N).
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  for (const name of wanted) {
    if (!(name in SECTIONS)) {
      console.error(`bench: no section "${name}"; sections: ${Object.keys(SECTIONS).join(", ")}`);
      process.exit(2);
    }
  }
  console.log(`# kete benchmarks (node ${process.version}, ${process.platform}/${process.arch})`);
  for (const [name, run] of Object.entries(SECTIONS)) {
    if (wanted.length === 0 || wanted.includes(name)) await run();
  }
}

await main();
