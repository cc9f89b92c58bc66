/**
 * The live game controller: move tracking, mistakes, the LED plan, the xstate
 * machine and the `Controller` facade (see each module's top comment).
 */
export { Controller, ledInput, statePath, statusLine } from "./controller.js";
export type { ControllerOptions, ControllerSnapshot } from "./controller.js";
export { controllerMachine } from "./machine.js";
export type {
  ControllerCommand,
  ControllerContext,
  ControllerInput,
  ControllerMachineEvent,
} from "./machine.js";
export type { ControllerEvent } from "./events.js";
export { LED_ROLES, LED_SCHEME, ledPlan, ledChanges } from "./leds.js";
export type { LedRole, LedInput } from "./leds.js";
export { POLICIES, effectivePolicy } from "./restore.js";
export type { Policy, PitNeed } from "./restore.js";
export type { Mistake, MistakeKind, SensorFault } from "./mistakes.js";
export { DEFAULT_SETTINGS } from "./referee.js";
export type { Settings } from "./referee.js";
export { DEFAULT_TRACKING } from "./tracking.js";
export type { TrackingOptions, TurnGuide } from "./tracking.js";
