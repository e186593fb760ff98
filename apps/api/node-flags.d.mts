/** The V8 settings the API runs with (node-flags.mjs). */
export declare const apiNodeFlags: readonly string[];
