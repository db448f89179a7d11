import { ImageKindScreen, type ImageKind } from '../../components/tasks/image-kind-screen';
import { useSd3Create } from './sd3-api';
import { Sd3Composer } from './sd3-composer';
import { emptySd3, prefillOfSd3, sd3BodyOf, sd3FormOf, type Sd3Form } from './sd3-form-state';

/**
 * `/sd3`: Stability SD3 pictures (or the offline demo), text-to-image or from a starting
 * picture, with the seed kept or locked. Results open in the viewer with their seed; "draw
 * the same" refills every field, "use as reference" makes a result the starting picture.
 */
const sd3Kind: ImageKind<Sd3Form, ReturnType<typeof sd3BodyOf>> = {
  use: 'sd3',
  description: 'screens:sd3',
  resultsTitle: 'images:sd3Results',
  empty: emptySd3,
  formOf: sd3FormOf,
  prefillOf: prefillOfSd3,
  bodyOf: (form, model) => sd3BodyOf(form, model.id),
  redo: (form) => ({ ...form, seedLocked: false }),
  withReference: (form, url) => ({ ...form, mode: 'image-to-image', image: url }),
  useCreate: useSd3Create,
  Composer: Sd3Composer,
};

export default function Sd3Screen() {
  return <ImageKindScreen kind={sd3Kind} />;
}
