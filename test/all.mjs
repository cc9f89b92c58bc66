// `npm test`: every test (vitest) and, beside it, the static checks: types
// (tsc --noEmit), lint (ESLint) and format (Prettier).
//
// Why side by side and not one after the other: the suite waits on real time
// in places (kete as a process, a board on a pseudo-terminal, the emulated
// firmware in real time); the checks, all three at once at a lower priority,
// take the CPU the tests leave instead of adding 40 s before the first test.
// Their output is kept and shown after the tests, failures in full; the exit
// status fails when anything failed.
//
// Arguments go to vitest: `npm test -- test/games` runs one folder (the checks
// still run on the whole tree).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { setPriority } from "node:os";

const CHECKS = [
  ["types", "tsc", ["-p", "tsconfig.json", "--noEmit"]],
  ["lint", "eslint", ["."]],
  ["format", "prettier", ["--check", "."]],
];

/** Runs a tool from node_modules/.bin; resolves with its status and output. */
function run(command, args, { capture, nice }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, PATH: `node_modules/.bin:${process.env.PATH ?? ""}` },
    });
    children.add(child);
    if (nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // not allowed here: the check simply runs at normal priority
      }
    }
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => {
      output += `${command}: ${error.message}\n`;
    });
    child.on("close", (code, signal) => {
      children.delete(child);
      resolve({
        ok: code === 0,
        status: signal ?? code,
        output,
        seconds: (Date.now() - started) / 1000,
      });
    });
  });
}

/**
 * The tools some suites need, as .ci/run installs them: each suite skips with a banner
 * without its tool (CI fails instead), and the run ends with one line naming what was
 * skipped and the apt-get line that enables it.
 */
const TOOLS = [
  {
    tool: "socat",
    present: () => onPath("socat"),
    suites: "the serial tests on pseudo-terminals",
    packages: ["socat"],
  },
  {
    tool: "avr-gcc",
    present: () =>
      onPath("avr-gcc") &&
      onPath("avr-objcopy") &&
      existsSync("/usr/share/arduino/hardware/arduino/avr/cores/arduino"),
    suites: "the firmware under emulation",
    packages: ["gcc-avr", "avr-libc", "arduino-core-avr", "make"],
  },
  {
    tool: "g++",
    present: () => onPath("g++") && onPath("make"),
    suites: "the firmware's native unit tests",
    packages: ["g++", "make"],
  },
  {
    tool: "chromium",
    present: () => existsSync(process.env.KETE_CHROMIUM ?? "/usr/bin/chromium"),
    suites: "the web view in a real browser",
    packages: ["chromium"],
  },
  {
    tool: "mosquitto",
    present: () =>
      existsSync(process.env.KETE_MOSQUITTO ?? "/usr/sbin/mosquitto") || onPath("mosquitto"),
    suites: "the club night against a real broker",
    packages: ["mosquitto"],
  },
  {
    tool: "openscad",
    present: () => onPath("openscad"),
    suites: "the board's mechanical parts rendered",
    packages: ["openscad"],
  },
];

function onPath(tool) {
  const r = spawnSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
  return r.status === 0;
}

function missingTools() {
  return TOOLS.filter((t) => !t.present());
}

const children = new Set();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}

// All three at once: one after the other, they ran 20 s past the tests' end on a fresh
// clone (tsc, ESLint and Prettier, 234 s against vitest's 216 s), using one core of two.
function checks() {
  return Promise.all(
    CHECKS.map(async ([name, command, args]) => ({
      name,
      command: [command, ...args].join(" "),
      ...(await run(command, args, { capture: true, nice: true })),
    })),
  );
}

const [tests, checked] = await Promise.all([
  run("vitest", ["run", ...process.argv.slice(2)], { capture: false, nice: false }),
  checks(),
]);

process.stdout.write("\n");
for (const check of checked) {
  const verdict = check.ok ? "ok" : `FAILED (${String(check.status)})`;
  process.stdout.write(
    `${check.name.padEnd(7)} ${verdict.padEnd(12)} ${check.seconds.toFixed(1).padStart(5)} s  ${check.command}\n`,
  );
  if (!check.ok) process.stdout.write(`${check.output.trimEnd()}\n\n`);
}
process.stdout.write(
  `${"tests".padEnd(7)} ${(tests.ok ? "ok" : `FAILED (${String(tests.status)})`).padEnd(12)} ${tests.seconds.toFixed(1).padStart(5)} s  vitest run\n`,
);
const missing = missingTools();
if (missing.length > 0) {
  const packages = [...new Set(missing.flatMap((m) => m.packages))].join(" ");
  process.stdout.write(
    `skipped  ${missing.map((m) => `${m.suites} (no ${m.tool})`).join("; ")}: apt-get install -y ${packages}\n`,
  );
}
process.exit(tests.ok && checked.every((c) => c.ok) ? 0 : 1);
