// Contracts of the payments module: filled by that module's work.
export {};
