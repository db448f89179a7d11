import type { Generated } from 'kysely';

export interface VideoDemosTable {
  id: Generated<number>;
  slug: string;
  /** JSON Localized. */
  title: string;
  prompt: string;
  aspect: string;
  duration: number;
  camera: string | null;
  sort: number;
  created_at: string;
}

export interface VideoTables {
  video_demos: VideoDemosTable;
}
