// Types of what eslint.config.js exports besides the config, for test/docs/layer-map.ts.
export declare const LAYERS: Readonly<Record<string, readonly string[]>>;
export declare const TYPES_ONLY: Readonly<Record<string, readonly string[]>>;
export declare const PURE: readonly string[];
declare const config: unknown;
export default config;
