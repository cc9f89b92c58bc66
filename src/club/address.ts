/**
 * The club's broker addresses (issue 33), read from the command line: where
 * a board publishes (`mqtt://HOST[:PORT]/EVENT/BOARD`) and which event a
 * hall's page follows (`mqtt://HOST[:PORT]/EVENT`, or `local`). Pure: a bad
 * address is a typed error saying what is wrong and how to write it.
 */
import { err, ok, type Result } from "../shared/index.js";
import type { ClubError } from "./errors.js";

/** A broker and the login kete uses on it. */
export interface BrokerAddress {
  readonly protocol: "mqtt" | "mqtts";
  readonly host: string;
  readonly port: number;
  readonly username: string | null;
  readonly password: string | null;
}

/** Where one board publishes: the broker, the event and the board's own name. */
export interface PublishTarget extends BrokerAddress {
  readonly event: string;
  readonly board: string;
}

/** Which event a page follows: on a broker, or on kete's own in-process one (`local`). */
export type EventSource =
  | ({ readonly kind: "broker"; readonly event: string } & BrokerAddress)
  | { readonly kind: "local"; readonly event: string };

/** An event's or a board's name: one MQTT topic level, no wildcards, nothing a shell or a URL mangles. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const DEFAULT_PORTS = { mqtt: 1883, mqtts: 8883 } as const;
/** The event of `kete serve --event local` when none is named (`local/EVENT` names one). */
export const LOCAL_EVENT = "club";

/** A login given apart from the address (`--publish-user`, `--publish-password`). */
export interface Login {
  readonly username?: string;
  readonly password?: string;
}

function badName(what: string, name: string, example: string): Result<never, ClubError> {
  return err(
    "bad-address",
    `the ${what} '${name}' is not a name kete can publish under: use letters, digits, '-', '_' or '.', at most 64 (e.g. ${example})`,
  );
}

/** The broker part of `text`, and the path's names; `usage` is how the whole address is written. */
function brokerOf(
  text: string,
  login: Login,
  usage: string,
): Result<{ address: BrokerAddress; names: string[] }, ClubError> {
  const form = `write it as ${usage}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return err("bad-address", `'${text}' is not a broker address: ${form}`);
  }
  const scheme = url.protocol.replace(/:$/, "");
  if (scheme !== "mqtt" && scheme !== "mqtts") {
    return err(
      "bad-address",
      `'${text}' is not an MQTT address (${scheme}:): ${form} (mqtts:// for TLS)`,
    );
  }
  if (url.hostname === "") return err("bad-address", `'${text}' names no broker host: ${form}`);
  if (url.search !== "" || url.hash !== "") {
    return err("bad-address", `'${text}' has a query or fragment kete does not read: ${form}`);
  }
  const port = url.port === "" ? DEFAULT_PORTS[scheme] : Number(url.port);
  let names: string[];
  let username: string | null;
  let password: string | null;
  try {
    names = url.pathname
      .split("/")
      .filter((s) => s !== "")
      .map((s) => decodeURIComponent(s));
    username = url.username === "" ? null : decodeURIComponent(url.username);
    password = url.password === "" ? null : decodeURIComponent(url.password);
  } catch {
    return err("bad-address", `'${text}' has a malformed %-escape: ${form}`);
  }
  if (login.username !== undefined) {
    if (username !== null && username !== login.username) {
      return err(
        "bad-address",
        `the address names the user '${username}' and --publish-user '${login.username}': give one of them`,
      );
    }
    username = login.username;
  }
  if (login.password !== undefined) password = login.password;
  if (password !== null && username === null) {
    return err("bad-address", "a broker password needs its user: give --publish-user too");
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return ok({ address: { protocol: scheme, host, port, username, password }, names });
}

/** `mqtt[s]://[USER[:PASSWORD]@]HOST[:PORT]/EVENT/BOARD`, with the flags' login. */
export function parsePublishTarget(
  text: string,
  login: Login = {},
): Result<PublishTarget, ClubError> {
  const usage = "mqtt://HOST[:PORT]/EVENT/BOARD, e.g. mqtt://192.168.1.10/club-night/board3";
  const broker = brokerOf(text, login, usage);
  if (!broker.ok) return broker;
  const { names, address } = broker.value;
  if (names.length !== 2) {
    return err(
      "bad-address",
      `'${text}' names ${names.length === 0 ? "no event and no board" : names.length === 1 ? "an event but no board" : "more than an event and a board"}: write it as ${usage}`,
    );
  }
  const [event, board] = names as [string, string];
  if (!NAME.test(event)) return badName("event", event, "club-night");
  if (!NAME.test(board)) return badName("board", board, "board3");
  return ok({ ...address, event, board });
}

/** `mqtt[s]://[USER[:PASSWORD]@]HOST[:PORT]/EVENT`, or `local` / `local/EVENT` (kete's own broker). */
export function parseEventSource(text: string, login: Login = {}): Result<EventSource, ClubError> {
  const local = /^local(?:\/(.*))?$/.exec(text);
  if (local !== null) {
    const event = local[1] ?? LOCAL_EVENT;
    if (!NAME.test(event)) return badName("event", event, "club-night");
    return ok({ kind: "local", event });
  }
  const usage = "mqtt://HOST[:PORT]/EVENT (e.g. mqtt://192.168.1.10/club-night) or local";
  const broker = brokerOf(text, login, usage);
  if (!broker.ok) return broker;
  const { names, address } = broker.value;
  if (names.length !== 1) {
    return err(
      "bad-address",
      `'${text}' ${names.length === 0 ? "names no event" : "names more than an event"}: write it as ${usage}`,
    );
  }
  const event = names[0] as string;
  if (!NAME.test(event)) return badName("event", event, "club-night");
  return ok({ kind: "broker", event, ...address });
}

/** The address as said on the screen: never the password. */
export function brokerText(a: BrokerAddress, path: readonly string[] = []): string {
  const user = a.username === null ? "" : `${encodeURIComponent(a.username)}@`;
  const host = a.host.includes(":") ? `[${a.host}]` : a.host;
  return `${a.protocol}://${user}${host}:${a.port}${path.map((p) => `/${p}`).join("")}`;
}
