/**
 * The part of johnny-five 2.1 (MIT, no types of its own) that kete's
 * FirmataBoard uses: a Board over an IO object kete supplies, and `Led.RGB`
 * on PCA9685 expanders.
 */
declare module "johnny-five" {
  import type { EventEmitter } from "node:events";

  export interface BoardOptions {
    readonly io: EventEmitter;
    readonly id?: string;
    readonly repl?: boolean;
    readonly debug?: boolean;
    readonly sigint?: boolean;
  }

  export class Board extends EventEmitter {
    constructor(options: BoardOptions);
  }

  export interface RgbOptions {
    readonly board?: Board;
    readonly controller: "PCA9685";
    readonly address: number;
    readonly pins: readonly [number, number, number];
    readonly isAnode?: boolean;
  }

  export class RGB {
    constructor(options: RgbOptions);
    /** [red, green, blue], 0..255 each. */
    color(value: readonly [number, number, number]): this;
    on(): this;
  }

  export const Led: { readonly RGB: typeof RGB };

  const five: { readonly Board: typeof Board; readonly Led: { readonly RGB: typeof RGB } };
  export default five;
}
