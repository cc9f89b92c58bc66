/**
 * The worker thread of `workerThinker` (think.ts): searches each request
 * with the level's time limit on its own clock and posts the answer back.
 */
import { parentPort } from "node:worker_threads";
import { thinkNow, type ThinkRequest } from "./think.js";

parentPort?.on("message", (m: { readonly id: number; readonly request: ThinkRequest }) => {
  parentPort?.postMessage({ id: m.id, result: thinkNow(m.request, true) });
});
