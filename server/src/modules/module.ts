import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** Something running in the background (a sweeper, a reconciler); stopped on shutdown. */
export interface BackgroundTask {
  stop(): Promise<void>;
}

/** A domain: its API routes, what a fresh database needs, and its background work. */
export interface AtelierModule {
  name: string;
  /** Registers routes under /api and guest-data movers on `app.ctx`. */
  routes(app: FastifyInstance): Promise<void>;
  /** Pages outside /api (a share link's server-rendered head), registered before the web app. */
  pages?(app: FastifyInstance): void;
  /** Idempotent: fills what a fresh install needs. Returns lines to print at start. */
  seed?(ctx: AppContext): Promise<string[]>;
  /** Started by the serving process (not by tests unless they ask). */
  background?(ctx: AppContext): BackgroundTask;
}
