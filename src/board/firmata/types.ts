/** Protocol types the host firmware uses, and a message before its sequence number. */
export type {
  BoardMessage,
  BootReason,
  HostMessage,
  NakReason,
  SnapshotReason,
} from "../../protocol/index.js";

/** A board message without `seq` (the sender numbers it). */
export type DistributiveOmitSeq<T> = T extends unknown ? Omit<T, "seq"> : never;
