/**
 * What every game on the four-row board (the four-row mancala family and both
 * Baos) shares behind the `Game` interface: it is one variant of its family,
 * whose id, title and options it takes, on the `4x8` layout; its options are
 * read against the variant's option specs.
 */
import type { BoardLayout } from "../core/board.js";
import { resolveOptions } from "../core/options.js";
import type { OptionSpec, Options } from "../core/types.js";
import type { Result } from "../../shared/index.js";
import { FOUR_ROW_LAYOUT } from "./layout.js";
import type { FourRowSide } from "./geometry.js";
import type { GameError } from "../core/errors.js";

/** What a variant of a four-row family says of itself. */
export interface FourRowVariant {
  readonly id: string;
  readonly title: string;
  readonly optionSpecs: readonly OptionSpec[];
}

export abstract class FourRowBoardGame<V extends FourRowVariant> {
  readonly id: string;
  readonly title: string;
  readonly optionSpecs: readonly OptionSpec[];
  readonly layout: BoardLayout<FourRowSide> = FOUR_ROW_LAYOUT;

  constructor(readonly variant: V) {
    this.id = variant.id;
    this.title = variant.title;
    this.optionSpecs = variant.optionSpecs;
  }

  /** Options from outside input, every one filled in, checked against the variant's specs. */
  protected resolveOptions(input: unknown): Result<Options, GameError> {
    return resolveOptions(this.id, this.optionSpecs, input);
  }
}
