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
  /** Reference pictures (reference-to-video), for a model whose options take them. */
  references?: Frame[];
  aspect: V.VideoAspect;
  duration: number;
  camera?: V.CameraPreset;
  motionBrush?: { mask: Buffer; direction: (typeof V.brushDirections)[number] };
  seed?: number;
  loop?: boolean;
  mode?: 'std' | 'pro';
  /** The asked resolution (only for a model whose options offer it). */
  resolution?: V.VideoResolution;
  cameraFixed?: boolean;
  audio?: boolean;
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

/** Options only some models take (resolutions: the first is the default). */
export interface VideoOptions {
  resolutions: V.VideoResolution[];
  cameraFixed: boolean;
  audio: boolean;
  /** Reference pictures the model takes instead of frames (Vidu's reference2video); absent: 0. */
  references?: number;
}

export const NO_OPTIONS: VideoOptions = { resolutions: [], cameraFixed: false, audio: false };

/** What one upstream model takes, where it differs from its protocol's defaults. */
export interface ModelSpec {
  capabilities: Capabilities;
  durations: number[];
  aspects: V.VideoAspect[];
  options: VideoOptions;
}

/** A request as the server checks it before holding credits (what the upstream would refuse). */
export interface RequestShape {
  duration: number;
  aspect: V.VideoAspect;
  firstFrame: boolean;
  lastFrame: boolean;
  motionBrush: boolean;
  mode?: 'std' | 'pro' | undefined;
}

/** A refusal: the request's field and what the model cannot do (in English words). */
export interface Refusal {
  field: string;
  what: string;
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
  /** Options every model of the protocol takes (absent: none; `spec` may say per model). */
  options?: VideoOptions;
  /**
   * The model's own abilities (Runway's ratios per model, Kling's per version); absent: the
   * protocol's fields above hold for every model.
   */
  spec?(upstreamModel: string): Partial<ModelSpec>;
  /** A combination the upstream refuses for this model (Kling's per model/mode/duration). */
  refuse?(upstreamModel: string, shape: RequestShape): Refusal | null;
  /**
   * Extend continues the upstream's own clip (`parentUpstreamId`); false: the parent's last
   * frame (or the frame at the point) is sent as the first frame and the clips are joined.
   */
  nativeExtend: boolean;
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
  /** The console's "test connection"; absent where another kind's map registers the protocol's. */
  checkConnection?(p: CheckInput, signal?: AbortSignal): Promise<string>;
}
