export * from './endpoint.js';
export * from './envelope.js';
export * as auth from './auth.js';
export * as user from './user.js';
export * as sites from './sites.js';
export * as credits from './credits.js';
export * as payments from './payments.js';
export type { UserInfo, UserBalance, UserRole } from './auth.js';
export type { LoginDevice } from './user.js';
