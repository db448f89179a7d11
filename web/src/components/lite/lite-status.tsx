/*
 * antd's status marks (Progress, Spin, Tag) drawn without antd for good: they have no
 * behaviour of antd, so the light views never swap them.
 */
export {};
