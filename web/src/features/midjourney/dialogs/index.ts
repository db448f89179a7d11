/*
 * The Midjourney screen's dialogs as one lazy chunk: the dialog host imports this once, so the
 * first page carries one import of them instead of ten.
 */
export { default as BatchDownloadDialog } from './batch-download-dialog';
export { default as BlendDialog } from './blend-dialog';
export { default as CustomZoomDialog } from './custom-zoom-dialog';
export { default as DrawSameDialog } from './draw-same-dialog';
export { default as FaceSwapDialog } from './face-swap-dialog';
export { default as ImageRemixDialog } from './image-remix-dialog';
export { default as PhotoFixDialog } from './photo-fix-dialog';
export { default as RedrawDialog } from './redraw-dialog';
export { default as UploadImagesDialog } from './upload-images-dialog';
export { default as UpscaleVariationDialog } from './upscale-variation-dialog';
