/*
 * antd's form controls (Segmented, InputNumber, Slider, Switch) as light stand-ins: drawn as
 * antd's dark theme draws them, swapped for the real one once antd is there (`lite-core.tsx`).
 */
export {};
