/// <reference types="vite/client" />

/** The version this bundle was built as (vite.config.ts `define`). */
declare const __APP_VERSION__: string;
