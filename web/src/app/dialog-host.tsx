import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';
import type * as ImageDialogs from '../features/image-dialogs';
import type * as MjDialogs from '../features/midjourney/dialogs';
import { loadLazyNamespaces } from '../i18n';
import { useDialogs, type DialogName } from '../stores/dialogs';

type Lazy = LazyExoticComponent<ComponentType>;

type Module = { default: ComponentType };

/**
 * A dialog fetched the first time its flag opens, inside antd's theme and texts (the entry
 * carries no antd: `components/themed` comes with the first dialog, in parallel with its chunk).
 */
const dialog = (load: () => Promise<Module>): Lazy =>
  lazy(async () => {
    const [{ default: Dialog }, { Themed }] = await Promise.all([
      load(),
      import('../components/themed'),
    ]);
    return {
      default: function ThemedDialog() {
        return (
          <Themed>
            <Dialog />
          </Themed>
        );
      },
    };
  });

/** The purchase dialogs share one component (the pay screen's panel), told apart by flag. */
const purchase = (flag: 'payment' | 'goods' | 'passiveGoods' | 'joinMember'): Lazy =>
  dialog(async () => {
    const [{ default: Dialog }] = await Promise.all([
      import('../features/pay/purchase-dialog'),
      loadLazyNamespaces(),
    ]);
    return { default: () => <Dialog flag={flag} /> };
  });

/** A dialog of the Midjourney screen: their one chunk and the screen's texts load together. */
const mj = (pick: (m: typeof MjDialogs) => ComponentType): Lazy =>
  dialog(async () => {
    const [m] = await Promise.all([import('../features/midjourney/dialogs'), loadLazyNamespaces()]);
    return { default: pick(m) };
  });

/** A toolbox dialog of the image screens (/draw, /sd3, /sddraw, /tools), with their texts. */
const img = (pick: (m: typeof ImageDialogs) => ComponentType): Lazy =>
  dialog(async () => {
    const [m] = await Promise.all([import('../features/image-dialogs'), loadLazyNamespaces()]);
    return { default: pick(m) };
  });

/**
 * Upscale and variation of a Midjourney result (its buttons) or of an image screen's picture
 * (the toolbox's upscale or a remix): the props say which.
 */
const upscaleVariation: Lazy = dialog(async () => {
  const [mjs, imgs] = await Promise.all([
    import('../features/midjourney/dialogs'),
    import('../features/image-dialogs'),
    loadLazyNamespaces(),
  ]);
  return {
    default: function UpscaleVariation() {
      const picture = useDialogs((s) => s.props.upscaleVariation?.picture);
      return picture ? <imgs.ImageUpscaleVariationDialog /> : <mjs.UpscaleVariationDialog />;
    },
  };
});

/** Upload images for the Midjourney composer, or (target `picture`) for the image screens. */
const uploadImages: Lazy = dialog(async () => {
  const [mjs, imgs] = await Promise.all([
    import('../features/midjourney/dialogs'),
    import('../features/image-dialogs'),
    loadLazyNamespaces(),
  ]);
  return {
    default: function UploadImages() {
      const forScreens = useDialogs((s) => s.props.uploadImages?.target === 'picture');
      return forScreens ? <imgs.UploadPicturesDialog /> : <mjs.UploadImagesDialog />;
    },
  };
});

/**
 * Every dialog component by its flag. Each is fetched the first time its flag opens and stays
 * mounted afterwards (so it can animate closed); it reads its own flag from the dialogs store.
 * Flags without a component belong to screens of later issues.
 */
const dialogs: Partial<Record<DialogName, Lazy>> = {
  // The dialog shows once the sign-in ways this site offers are known (its tabs follow them).
  login: dialog(async () => {
    const [dialog] = await Promise.all([
      import('../features/auth/login-dialog'),
      import('../features/auth/offered-ways').then((ways) => ways.loadOfferedWays()),
    ]);
    return dialog;
  }),
  bindUsername: dialog(() => import('../features/auth/bind-username-dialog')),
  bindWechat: dialog(() => import('../features/auth/bind-wechat-dialog')),
  // antd-free (its own light modal): the start-up shows it before any antd is fetched.
  notice: lazy(() => import('../features/site-dialogs/notice-dialog')),
  faq: dialog(() => import('../features/site-dialogs/faq-dialog')),
  about: dialog(() => import('../features/site-dialogs/about-dialog')),
  advertisement: dialog(() => import('../features/site-dialogs/ad-dialog')),
  contact: dialog(async () => {
    const { default: Dialog } = await import('../features/site-dialogs/contact-dialog');
    return { default: () => <Dialog kind="contact" /> };
  }),
  customerService: dialog(async () => {
    const { default: Dialog } = await import('../features/site-dialogs/contact-dialog');
    return { default: () => <Dialog kind="service" /> };
  }),
  update: dialog(() => import('./dialogs/update-dialog')),
  redemption: dialog(async () => {
    const [dialog] = await Promise.all([
      import('../features/pay/redemption-dialog'),
      loadLazyNamespaces(),
    ]);
    return dialog;
  }),
  promptStore: dialog(async () => {
    const [dialog] = await Promise.all([
      import('../features/prompts/prompt-store-dialog'),
      loadLazyNamespaces(),
    ]);
    return dialog;
  }),
  marketPrompt: dialog(async () => {
    const [dialog] = await Promise.all([
      import('../features/market/prompt-dialog'),
      loadLazyNamespaces(),
    ]);
    return dialog;
  }),
  payment: purchase('payment'),
  goods: purchase('goods'),
  passiveGoods: purchase('passiveGoods'),
  joinMember: purchase('joinMember'),
  blend: mj((m) => m.BlendDialog),
  faceSwap: mj((m) => m.FaceSwapDialog),
  imageRemix: mj((m) => m.ImageRemixDialog),
  photoFix: mj((m) => m.PhotoFixDialog),
  upscaleVariation,
  photoRepair: img((m) => m.PhotoRepairDialog),
  toolsRedraw: img((m) => m.ToolsRedrawDialog),
  customZoom: mj((m) => m.CustomZoomDialog),
  redraw: mj((m) => m.RedrawDialog),
  uploadImages,
  batchDownload: mj((m) => m.BatchDownloadDialog),
  drawSame: mj((m) => m.DrawSameDialog),
};

/**
 * The start dialogs (notices, advertisement) wait while a status page shows: a start that ends
 * on /500 or /404 tells what went wrong before anything else. They open when the user leaves it.
 */
const STATUS_PAGES = new Set(['/404', '/500']);
const START_DIALOGS = new Set<DialogName>(['notice', 'advertisement']);

/** The one dialog host of the app. */
export function DialogHost() {
  const flags = useDialogs((s) => s.flags);
  const onStatusPage = STATUS_PAGES.has(useLocation().pathname);
  const [mounted, setMounted] = useState<ReadonlySet<DialogName>>(new Set());
  const opened = (Object.keys(dialogs) as DialogName[]).filter((n) => flags[n] && !mounted.has(n));
  if (opened.length > 0) setMounted(new Set([...mounted, ...opened]));
  return (
    <>
      {[...mounted].map((name) => {
        const Dialog = dialogs[name];
        if (onStatusPage && START_DIALOGS.has(name)) return null;
        return Dialog ? (
          <Suspense key={name} fallback={null}>
            <Dialog />
          </Suspense>
        ) : null;
      })}
    </>
  );
}
