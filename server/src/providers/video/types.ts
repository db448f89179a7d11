import type { video as V } from '@atelier/contracts';

/** Where a video upstream is and how to sign in (Kling's key is `access:secret`). */
export interface VideoUpstream {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** A picture sent upstream: its bytes, and a link the upstream can fetch (on PUBLIC_URL). */
export interface Frame {
  bytes: Buffer;
  mime: string;
  link: string;
}

/** One generation as the adapters take it, whatever the upstream. */
export interface VideoJob {
  action: Exclude<V.VideoAction, 'cut'>;
  /** The upstream's model name (gen4_turbo, ray-2, kling-v1-6, sora-2…). */
  model: string;
  prompt: string;
  negativePrompt?: string;
  firstFrame?: Frame;
  lastFrame?: Frame;
  aspect: V.VideoAspect;
  duration: number;
  camera?: V.CameraPreset;
  motionBrush?: { mask: Buffer; direction: (typeof V.brushDirections)[number] };
  seed?: number;
  loop?: boolean;
  mode?: 'std' | 'pro';
  /** Extend: the upstream id of the clip to continue. */
  parentUpstreamId?: string;
  /** Where the upstream may POST its changes (a secret in the link); absent: polling only. */
  callbackUrl?: string;
  /** Our task id, for upstreams that keep an external id. */
  externalId: string;
}

/** An upstream task's state, read by a poll or pushed by a callback. */
export interface VideoState {
  phase: 'queued' | 'running' | 'succeeded' | 'failed';
  /** 0–100. */
  progress: number;
  /** The upstream's own word (PENDING, dreaming, processing, in_progress…). */
  status: string;
  videoUrl?: string;
  error?: string;
  /** Refused by the upstream's content filter. */
  filtered?: boolean;
}

export interface Capabilities {
  text: boolean;
  firstFrame: boolean;
  lastFrame: boolean;
  extend: boolean;
  camera: boolean;
  motionBrush: boolean;
}

export interface CheckInput {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}

export interface VideoAdapter {
  protocol: string;
  capabilities: Capabilities;
  /** Seconds the upstream offers. */
  durations: number[];
  aspects: V.VideoAspect[];
  /** Whether `submit` registers a callback (the poll is then only the fallback). */
  callbacks: boolean;
  submit(up: VideoUpstream, job: VideoJob, signal?: AbortSignal): Promise<{ id: string }>;
  fetch(up: VideoUpstream, id: string, signal?: AbortSignal): Promise<VideoState>;
  /** The finished file's bytes (a 403/404 from an expired link throws a transient error). */
  download(up: VideoUpstream, id: string, state: VideoState, signal?: AbortSignal): Promise<Buffer>;
  /** A callback's body read as `{ id, state }`; null when it is not one of this upstream's. */
  callback?(body: unknown): { id: string; state: VideoState } | null;
  /** The upstream ids a callback's id may be stored under (default: the id itself). */
  storedIds?(callbackId: string): string[];
  /** The entry screen that picks this upstream first when no model is named (the Pika page). */
  preferredBy?: 'pikaVideo';
  checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string>;
}
