import type { Generated } from 'kysely';

export interface MarketCategoriesTable {
  id: Generated<number>;
  slug: string;
  /** JSON `LocalizedText`. */
  name: string;
  sort: number;
  created_at: string;
}

/** A published prompt; `params` and `tags` are JSON text, booleans 0/1. */
export interface MarketPromptsTable {
  id: Generated<number>;
  user_id: number;
  category_id: number | null;
  title: string;
  description: string;
  prompt: string;
  negative_prompt: string;
  kind: string;
  model_id: number | null;
  model_name: string;
  params: string;
  tags: string;
  source_task_id: number | null;
  /** The example result, a copy the prompt owns (the task may be deleted). */
  example_file_id: number | null;
  /** A still of a non-picture example (video poster, cover), when the task had one. */
  poster_file_id: number | null;
  like_count: Generated<number>;
  collect_count: Generated<number>;
  use_count: Generated<number>;
  report_count: Generated<number>;
  featured: Generated<number>;
  hidden: Generated<number>;
  hidden_reason: string | null;
  hidden_at: string | null;
  /** 1: a seeded example (migration 0027). */
  example: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** `use`: the user used the prompt once (counted once in `use_count`). */
export type PromptMark = 'like' | 'collect' | 'use';

export interface MarketPromptMarksTable {
  id: Generated<number>;
  prompt_id: number;
  user_id: number;
  mark: PromptMark;
  created_at: string;
}

export interface MarketPromptReportsTable {
  id: Generated<number>;
  prompt_id: number;
  user_id: number;
  reason: string;
  created_at: string;
}

export interface MarketTables {
  market_categories: MarketCategoriesTable;
  market_prompts: MarketPromptsTable;
  market_prompt_marks: MarketPromptMarksTable;
  market_prompt_reports: MarketPromptReportsTable;
}
