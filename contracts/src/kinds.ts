/*
 * Every kind Atelier makes, written once (docs/architecture.md, "Kinds"). Every other list
 * derives from these two: the model and price categories (`modelKinds`: chat `modelKind`,
 * credits `priceCategory`, the server's `ModelKind` and `PriceCategory`), and the task kinds
 * with the category they are priced in and the creation screen a prompt of theirs opens (the
 * works filter, the market's composers). A new kind is one line here.
 */

/** The creation screens of the web app a prompt may open (market: "use this prompt"). */
export const creationScreens = {
  chat: '/Chat',
  mj: '/Midjourney',
  draw: '/draw',
  sd3: '/sd3',
  sddraw: '/sddraw',
  video: '/video',
  music: '/music',
} as const;
export type CreationScreen = keyof typeof creationScreens;

/**
 * The categories of models and prices: each model of the console is of one, each price is
 * filed under one. Their order is the console's.
 */
export const modelKinds = [
  'chat',
  'image',
  'music',
  'video',
  'separation',
  'transcription',
  'speech',
] as const;
export type ModelKind = (typeof modelKinds)[number];

interface TaskKind {
  /** The category its models and prices are of. */
  category: ModelKind;
  /** The screen a prompt of it opens; null: none of its own (Midjourney's, the default). */
  screen: CreationScreen | null;
}

/**
 * The kinds of task (the `kind` of a `tasks` row and of a published work), in the order the
 * works filter offers them. The built-in `zip` is not a creation and is not listed.
 */
export const taskKinds = {
  mj: { category: 'image', screen: 'mj' },
  'chat-draw': { category: 'image', screen: 'draw' },
  image: { category: 'image', screen: 'draw' },
  sd3: { category: 'image', screen: 'sd3' },
  sd: { category: 'image', screen: 'sddraw' },
  'sd-tool': { category: 'image', screen: 'sddraw' },
  video: { category: 'video', screen: 'video' },
  music: { category: 'music', screen: 'music' },
  separation: { category: 'separation', screen: null },
} as const satisfies Record<string, TaskKind>;
export type TaskKindName = keyof typeof taskKinds;

/** The task kinds, in the works filter's order. */
export const taskKindNames = Object.keys(taskKinds) as TaskKindName[];

/** A task kind's entry, or undefined for a kind this build does not know. */
export const taskKindOf = (kind: string): TaskKind | undefined =>
  Object.hasOwn(taskKinds, kind) ? taskKinds[kind as TaskKindName] : undefined;
