import type { Generated } from 'kysely';

/** A card of the model square: which provider draws it, and what the screen shows. */
export interface SdModelsTable {
  id: Generated<number>;
  name: string;
  /** A `chat_providers` row of protocol `a1111`, `comfyui` or `demo`. */
  provider_id: number;
  /** The upstream checkpoint (A1111 `sd_model_checkpoint`, ComfyUI `ckpt_name`). */
  checkpoint: string;
  base_model: string;
  /** JSON Localized. */
  description: string;
  /** A picture address; '' draws the first example's picture. */
  cover: string;
  /** JSON SdExample[] (prompt, parameters, picture address or '' for a rendered one). */
  examples: string;
  /** JSON SdField[]: the form fields this model exposes. */
  fields: string;
  price_key: string;
  sort: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

/** Which provider serves a toolbox operation (null: the offline demo), and its price. */
export interface SdToolOpsTable {
  op: string;
  provider_id: number | null;
  price_key: string;
  /** JSON: the operation's upstream options (upscaler name, rembg model…). */
  options: string;
  enabled: number;
  updated_at: string;
}

/** A ComfyUI provider's API-format workflow and which node ids take which input. */
export interface SdComfyWorkflowsTable {
  provider_id: number;
  workflow: string;
  /** JSON ComfyMapping. */
  mapping: string;
  updated_at: string;
}

/** A ComfyUI provider's workflow for one toolbox operation. */
export interface SdComfyToolWorkflowsTable extends SdComfyWorkflowsTable {
  op: string;
}

export interface StableDiffusionTables {
  sd_models: SdModelsTable;
  sd_tool_ops: SdToolOpsTable;
  sd_comfy_workflows: SdComfyWorkflowsTable;
  sd_comfy_tool_workflows: SdComfyToolWorkflowsTable;
}
