/*
 * The stand-ins of the creation screens' forms (docs/web.md, "First view without antd"): form
 * controls, status marks, text fields, search field and skeletons. One module and one file of
 * the build (`lite-forms` in vite.config.ts), apart from `lite.tsx`, which `/Chat` and the
 * landing import and which must not carry them.
 */
export * from './lite-controls';
export * from './lite-status';
export * from './lite-media';
export * from './lite-more';
