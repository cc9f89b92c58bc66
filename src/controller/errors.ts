/**
 * The error codes the controller gives (issue 31): a time control it cannot
 * read (`--clock`, `usage`), and a restore policy the game's rules do not
 * allow.
 */
import type { KeteError } from "../shared/index.js";

export type ControllerErrorCode = "usage" | "policy-not-allowed";
export type ControllerError = KeteError<ControllerErrorCode>;
