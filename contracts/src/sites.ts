// Contracts of the sites module: filled by that module's work.
export {};
