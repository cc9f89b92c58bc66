/**
 * The error codes of the club night (issue 31): an address (`--publish`,
 * `--event`) that cannot be read, a message on the broker that is not one
 * of kete's, and a local broker that cannot listen.
 */
import type { KeteError } from "../shared/index.js";

export type ClubErrorCode = "bad-address" | "bad-message" | "broker-listen";
export type ClubError = KeteError<ClubErrorCode>;
