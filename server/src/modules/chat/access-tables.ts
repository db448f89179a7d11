/** Per-model allow list: when either list is non-empty, only those users or groups may use it. */
export interface ChatModelAccessTable {
  model_id: number;
  /** JSON list of user ids. */
  user_ids: string;
  /** JSON list of groups: `vip`, `user`, `admin`. */
  groups: string;
}

export interface ChatAccessTables {
  chat_model_access: ChatModelAccessTable;
}
