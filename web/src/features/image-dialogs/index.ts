/*
 * The image screens' toolbox dialogs as one lazy chunk (the dialog host imports this once):
 * photo repair, tools redraw, upscale and variation of a picture, and upload images for them.
 */
export { default as PhotoRepairDialog } from './photo-repair-dialog';
export { default as ToolsRedrawDialog } from './tools-redraw-dialog';
export { default as ImageUpscaleVariationDialog } from './upscale-variation-dialog';
export { default as UploadPicturesDialog } from './upload-pictures-dialog';
