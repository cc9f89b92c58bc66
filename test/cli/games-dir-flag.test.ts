/**
 * `--games-dir` as a new user types it (issue 32): `'~/x'` (quoted, so the
 * shell left the ~) is the home folder's x, not a folder named `~`;
 * `~user` and an empty value are refused in one line.
 */
import { describe, expect, it } from "vitest";
import { gamesDirFlag } from "../../src/cli/journal-options.js";
import { FLAG_DEFAULTS, playSettings } from "../../src/cli/play/settings.js";

const home = () => "/home/ana";
const fallback = () => "/data/kete/games";

describe("--games-dir (issue 32)", () => {
  it("expands ~ and ~/ to the home folder; leaves other paths as they are", () => {
    expect(gamesDirFlag("~/x", fallback, home)).toEqual({ ok: true, value: "/home/ana/x" });
    expect(gamesDirFlag("~", fallback, home)).toEqual({ ok: true, value: "/home/ana" });
    expect(gamesDirFlag("games/~x", fallback, home)).toEqual({ ok: true, value: "games/~x" });
    expect(gamesDirFlag(undefined, fallback, home)).toEqual({
      ok: true,
      value: "/data/kete/games",
    });
  });

  it("refuses an empty folder and another user's ~", () => {
    for (const empty of ["", "  "]) {
      const r = gamesDirFlag(empty, fallback, home);
      expect(!r.ok && r.error.message).toMatch(
        /^--games-dir needs a folder; an empty one would put the journals in the current folder/,
      );
    }
    const other = gamesDirFlag("~ben/games", fallback, home);
    expect(!other.ok && other.error.message).toBe(
      "--games-dir '~ben/games': kete expands only ~ and ~/ (your home folder); write the full path",
    );
  });

  it("kete play's settings use the expanded folder, and refuse an empty one as a usage error", () => {
    const ctx = {
      stdoutTTY: false,
      stdinTTY: false,
      noColour: false,
      defaultGamesDir: "/g",
      defaultSeed: 1,
      resume: null,
    };
    const r = playSettings({ ...FLAG_DEFAULTS, gamesDir: "~/kete" }, ctx);
    expect(r.ok && r.value.gamesDir).toMatch(/\/kete$/);
    expect(r.ok && r.value.gamesDir.startsWith("~")).toBe(false);
    const empty = playSettings({ ...FLAG_DEFAULTS, gamesDir: "" }, ctx);
    expect(!empty.ok && empty.error.code).toBe("usage");
  });
});
