import { ImageKindScreen, type ImageKind } from '../../components/tasks/image-kind-screen';
import { useDalleCreate } from './draw-api';
import { DrawComposer } from './draw-composer';
import { bodyOf, emptyForm, formOfPrefill, prefillOfTask, type DrawForm } from './draw-form-state';

/**
 * `/draw`, "Darwin drawing": DALL·E and gpt-image pictures (or the offline demo). The form is
 * built from the chosen model's choices; reference pictures turn the request into an edit,
 * with a mask painted over the first one. Results show their progress in numbers and open in
 * the viewer with their revised prompt and actions.
 */
const drawKind: ImageKind<DrawForm, ReturnType<typeof bodyOf>> = {
  use: 'draw',
  description: 'screens:draw',
  resultsTitle: 'images:results',
  empty: emptyForm,
  formOf: formOfPrefill,
  prefillOf: prefillOfTask,
  bodyOf,
  redo: (form) => ({ ...form, n: 1 }),
  withReference: (form, url) => ({ ...form, images: [...form.images, url].slice(-4) }),
  useCreate: useDalleCreate,
  Composer: DrawComposer,
};

export default function DrawScreen() {
  return <ImageKindScreen kind={drawKind} />;
}
