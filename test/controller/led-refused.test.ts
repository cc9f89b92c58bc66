/**
 * An LED command the board refuses (NAK) is not taken as shown: the pits it
 * carried are sent again with the next change of the plan (issue 11, item 8).
 */
import { describe, expect, it } from "vitest";
import { Controller } from "../../src/controller/controller.js";
import type { LedEntry } from "../../src/protocol/messages.js";
import { err, type Result } from "../../src/shared/result.js";
import type { LinkError } from "../../src/board/errors.js";
import { FakeLink, counts } from "./harness.js";
import { gameOf, initial, stepBoards, traceOf } from "./scenario.js";

/** A fake board that refuses the first `refuse` LED commands. */
class RefusingLink extends FakeLink {
  refused = 0;
  constructor(private refuse: number) {
    super();
  }
  override setLeds(entries: readonly LedEntry[]): Promise<Result<void, LinkError>> {
    if (this.refuse > 0) {
      this.refuse--;
      this.refused++;
      this.ledCommands++;
      return Promise.resolve(err("nak-busy", "LED refused"));
    }
    return super.setLeds(entries);
  }
}

/** A controller on husbao's start, over a link refusing the first `refusals` LED commands, after the first settled reading. */
async function husbaoAtStart(refusals: number) {
  const game = gameOf("husbao");
  const start = initial("husbao");
  const link = new RefusingLink(refusals);
  const controller = new Controller(link, { clock: () => link.time });
  controller.send({
    type: "resume",
    game: game.id,
    options: {},
    start: game.positionToJSON(start),
    moves: [],
  });
  link.settled(counts(game, start));
  await controller.flush();
  return { game, start, link, controller };
}

describe("LED commands the board refuses", () => {
  it("are sent again with the next change: the board ends up showing the whole plan", async () => {
    const { game, start, link, controller } = await husbaoAtStart(1);
    expect(link.refused).toBe(1);
    // Nothing reached the board.
    expect(link.leds.size).toBe(0);
    // The next change (B3 lifted) resends the refused pits with the changed ones.
    const b3 = stepBoards(counts(game, start), traceOf(start, "B3+"));
    link.settled(b3[0]!);
    await controller.flush();
    expect(link.leds.size).toBe(32);
    expect(link.leds.get("B4")).toEqual({ pattern: "blink", colour: "cyan" });
    expect(link.leds.get("D8")).toEqual({ pattern: "off" });
    controller.close();
  });

  it("accepted commands are not resent", async () => {
    const { game, start, link, controller } = await husbaoAtStart(0);
    const sent = link.ledCommands;
    link.settled(counts(game, start));
    await controller.flush();
    expect(link.ledCommands).toBe(sent);
    controller.close();
  });
});
