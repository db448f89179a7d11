// Contracts of the credits module: filled by that module's work.
export {};
