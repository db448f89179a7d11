import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { listOf, pageQuery, queryInt } from './envelope.js';

/*
 * Sites: per-domain branding, the global config, notices, FAQ, side-menu entries and ad jumps.
 *
 * Texts a visitor reads are data stored in all three interface languages (`LocalizedText`);
 * the web shows the entry of its current language. Admin inputs accept a plain string (used
 * for every language) or any subset of the languages (missing ones are filled from the others).
 */

export const languages = ['en-US', 'zh-CN', 'zh-TW'] as const;
export type Language = (typeof languages)[number];

export const localizedText = z.object({
  'en-US': z.string(),
  'zh-CN': z.string(),
  'zh-TW': z.string(),
});
export type LocalizedText = z.infer<typeof localizedText>;

/** Fills the languages an admin left out: Chinese variants from each other, then English, then any. */
export function completeLocalized(given: Partial<Record<Language, string>>): LocalizedText {
  const pick = (...order: Language[]) =>
    order.map((l) => given[l]).find((v): v is string => typeof v === 'string' && v !== '') ??
    Object.values(given).find((v): v is string => typeof v === 'string') ??
    '';
  return {
    'en-US': pick('en-US', 'zh-CN', 'zh-TW'),
    'zh-CN': pick('zh-CN', 'zh-TW', 'en-US'),
    'zh-TW': pick('zh-TW', 'zh-CN', 'en-US'),
  };
}

/** A text as an admin sends it: one string for all languages, or some of the languages. */
export const localizedInput = (max: number, min = 0) =>
  z
    .union([
      z.string().trim().min(min).max(max),
      z
        .object({
          'en-US': z.string().trim().max(max),
          'zh-CN': z.string().trim().max(max),
          'zh-TW': z.string().trim().max(max),
        })
        .partial()
        .strict(),
    ])
    .transform((v) =>
      typeof v === 'string' ? { 'en-US': v, 'zh-CN': v, 'zh-TW': v } : completeLocalized(v),
    );
export type LocalizedInput = z.input<ReturnType<typeof localizedInput>>;

/** A link to an image or page: empty, a site path (`/logo.svg`) or an http(s) address. */
export const assetUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(|\/\S*|https?:\/\/\S+)$/, { message: 'must be empty, a /path or an https:// link' });

/**
 * A picture's address (logo, icon): an `assetUrl` the console's forms give an upload button
 * and a preview (`x-picture`; the upload is files' `adminUploadSitePicture`).
 */
export const pictureUrl = assetUrl.meta({ 'x-picture': true });

/** A path inside the web app, e.g. `/Midjourney`. */
export const appPath = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/[\w\-./?=&%]*$/, { message: 'must be an app path starting with /' });

/** A host name as a browser sends it (lower case, no port, no `www.`); `default` is the fallback site. */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .transform((d) => d.replace(/^www\./, '').replace(/:\d+$/, ''))
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
        {
          message: 'must be a host name such as chat.example.com',
        },
      ),
  );

/** Name of a web route as the side menu and `clientMenuList` use it: `Chat`, `Midjourney`, `user-center`. */
export const routeName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][\w-]*$/, { message: 'letters, digits, _ and - only' });

/** 1: purchase dialogs; 2: a redemption code dialog (docs/product.md §6). */
export const rechargeMode = z.union([z.literal(1), z.literal(2)]);
export type RechargeMode = z.infer<typeof rechargeMode>;

/** A status flag stored and sent as 0 or 1 (the spec's ad jumps, FAQ and menu use `status`). */
export const status01 = z.union([z.literal(0), z.literal(1)]);
/** An integer from `lo` to `hi` in a JSON body. */
const smallInt = <T extends number>(lo: number, hi: number) =>
  z
    .number()
    .int()
    .min(lo)
    .max(hi)
    .transform((v) => v as T);
const statusInput = smallInt<0 | 1>(0, 1);

// ---------------------------------------------------------------- site configuration

export const qrContact = z.object({
  /** Text shown beside the QR image (markdown). */
  text: localizedText,
  /** QR code image link; empty when none. */
  qrImage: z.string(),
});
export type QrContact = z.infer<typeof qrContact>;

export const advertisement = z.object({
  enabled: z.boolean(),
  image: z.string(),
  link: z.string(),
  text: localizedText,
});
export type Advertisement = z.infer<typeof advertisement>;

/**
 * The interface language a first visit gets on a site, until the visitor picks one: a fixed
 * language, or `browser` (the browser's preferred languages, zh-CN when none is offered).
 */
export const siteLanguages = ['zh-CN', 'en-US', 'zh-TW', 'browser'] as const;
export const siteLanguage = z.enum(siteLanguages);
export type SiteLanguage = z.infer<typeof siteLanguage>;

/** One domain's branding and behaviour. The default site (`domain: 'default'`) serves unknown hosts. */
export const siteConfig = z.object({
  id: z.number().int(),
  /** Host name without port and `www.`; `default` for the fallback site. */
  domain: z.string(),
  isDefault: z.boolean(),
  siteName: z.string(),
  appLogo: z.string(),
  appIco: z.string(),
  /** Page meta keywords (comma separated). */
  keywords: localizedText,
  /** Page meta description. */
  description: localizedText,
  /** A one-line banner above the app; empty for none. */
  top_banner: localizedText,
  recharge: rechargeMode,
  /** Whether buying (the pay screen and purchase dialogs) is offered on this site. */
  pay: z.boolean(),
  /** true: the side menu is shown; false: a single-screen site held on `index_path`. */
  menu: z.boolean(),
  /** Where `/` leads on this site, e.g. `/Midjourney`. */
  index_path: z.string(),
  /** The language of a first visit (`browser` on a fresh install). */
  language: siteLanguage,
  /** The about dialog's text (markdown). */
  contents: localizedText,
  /** A short line under the about text, e.g. the site's ICP filing number; empty for none. */
  code: z.string(),
  contact: qrContact,
  customerService: qrContact,
  advertisement,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfig>;

const qrContactInput = z
  .object({ text: localizedInput(2000), qrImage: assetUrl })
  .partial()
  .strict();
const advertisementInput = z
  .object({
    enabled: z.boolean(),
    image: assetUrl,
    link: assetUrl,
    text: localizedInput(500),
  })
  .partial()
  .strict();

/** Editable fields of a site; every one optional on update. Nested groups merge field by field. */
export const siteFields = z
  .object({
    siteName: z.string().trim().min(1).max(64),
    appLogo: pictureUrl,
    appIco: pictureUrl,
    keywords: localizedInput(500),
    description: localizedInput(1000),
    top_banner: localizedInput(500),
    recharge: smallInt<RechargeMode>(1, 2),
    pay: z.boolean(),
    menu: z.boolean(),
    index_path: appPath,
    language: siteLanguage,
    contents: localizedInput(20000),
    code: z.string().trim().max(200),
    contact: qrContactInput,
    customerService: qrContactInput,
    advertisement: advertisementInput,
  })
  .partial()
  .strict();
export type SiteFields = z.input<typeof siteFields>;
export type SiteFieldsOut = z.output<typeof siteFields>;

/** The spec's "About entry". `appName` is the site name. */
export const aboutEntry = z.object({
  domain: z.string(),
  siteName: z.string(),
  code: z.string(),
  appName: z.string(),
  appLogo: z.string(),
  appIco: z.string(),
  contents: localizedText,
  pay: z.boolean(),
  recharge: rechargeMode,
  menu: z.boolean(),
  index_path: z.string(),
});
export type AboutEntry = z.infer<typeof aboutEntry>;

/** The spec's "Domain config row". */
export const domainConfig = z.object({
  domain: z.string(),
  index_path: z.string(),
  menu: z.boolean(),
});
export type DomainConfig = z.infer<typeof domainConfig>;

// ---------------------------------------------------------------- global config

export const globalConfig = z.object({
  /** Where the app goes at start (and where menu gating sends users); empty: no redirect. */
  clientHomePath: z.string(),
  clientFavoIconPath: z.string(),
  /** Title used when a site has no name of its own. */
  siteName: z.string(),
  /** Baidu Tongji site id (32 hex digits); the web loads `https://hm.baidu.com/hm.js?<id>`. */
  baiduCode: z.string(),
  /** Route names a signed-in user may open among chat, draw and Midjourney; empty: no gating. */
  clientMenuList: z.array(z.string()),
});
export type GlobalConfig = z.infer<typeof globalConfig>;
export type GlobalConfigKey = keyof GlobalConfig;
export const globalConfigKeys = [
  'clientHomePath',
  'clientFavoIconPath',
  'siteName',
  'baiduCode',
  'clientMenuList',
] as const satisfies readonly GlobalConfigKey[];

export const globalConfigDefaults: GlobalConfig = {
  clientHomePath: '',
  clientFavoIconPath: '/favicon.svg',
  siteName: 'AI',
  baiduCode: '',
  clientMenuList: [],
};

/** A pasted Baidu snippet (`…hm.js?<id>…`) is reduced to its id. */
export const baiduCodeInput = z
  .string()
  .trim()
  .max(5000)
  .transform((v) => /hm\.js\?([0-9a-f]{32})/i.exec(v)?.[1] ?? v)
  .pipe(
    z.string().regex(/^([0-9a-f]{32})?$/i, {
      message: 'must be a Baidu Tongji id (32 hex digits) or its snippet',
    }),
  );

export const globalConfigInput = z
  .object({
    clientHomePath: z.union([z.literal(''), appPath]),
    clientFavoIconPath: assetUrl.pipe(z.string().min(1)),
    siteName: z.string().trim().min(1).max(64),
    baiduCode: baiduCodeInput,
    clientMenuList: z.array(routeName).max(100),
  })
  .partial()
  .strict();
export type GlobalConfigInput = z.input<typeof globalConfigInput>;

// ---------------------------------------------------------------- what the app reads at start

/**
 * How credits are obtained on this install, so the pay screen and the "not enough credits"
 * dialog never offer what cannot be bought and say plainly where credits come from.
 */
export const creditSources = z.object({
  /** An enabled payment gateway takes orders: packages can be bought. False on a fresh install. */
  purchase: z.boolean(),
  /** Credits a new account receives (0: none). */
  registerGift: z.number().int(),
  /** Credits of the daily check-in (0: none). */
  dailyCheckin: z.number().int(),
});
export type CreditSources = z.infer<typeof creditSources>;

/**
 * `clientConfig` (`/config/queryFronet`): the site of the request's host merged with the global config. `site.siteName`
 * falls back to the global siteName and `site.appIco` to clientFavoIconPath, so the web can use
 * `site` as is. `credits` says how credits are obtained here.
 */
export const frontConfig = z.object({
  site: siteConfig,
  global: globalConfig,
  credits: creditSources,
});
export type FrontConfig = z.infer<typeof frontConfig>;

// ---------------------------------------------------------------- notices, FAQ, menu, ad jumps

export const noticeKind = z.enum(['notice', 'mj']);
export type NoticeKind = z.infer<typeof noticeKind>;

export const notice = z.object({
  id: z.number().int(),
  /** The site it shows on; null: every site. */
  siteId: z.number().int().nullable(),
  kind: noticeKind,
  title: localizedText,
  /** Markdown. */
  content: localizedText,
  /** Lower first. */
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const noticeFields = z
  .object({
    siteId: z.number().int().positive().nullable(),
    kind: noticeKind,
    title: localizedInput(200, 1),
    content: localizedInput(20000),
    sort: z.number().int().min(-100000).max(100000),
    enabled: z.boolean(),
  })
  .partial()
  .strict();
export type NoticeFieldsOut = z.output<typeof noticeFields>;

export const faqEntry = z.object({
  id: z.number().int(),
  question: localizedText,
  /** Markdown. */
  answer: localizedText,
  sort: z.number().int(),
  status: status01,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntry>;

export const faqFields = z
  .object({
    question: localizedInput(500, 1),
    answer: localizedInput(10000, 1),
    sort: z.number().int().min(-100000).max(100000),
    status: statusInput,
  })
  .partial()
  .strict();
export type FaqFieldsOut = z.output<typeof faqFields>;

export const menuEntry = z.object({
  id: z.number().int(),
  /** Route name, e.g. `Chat`, `Midjourney`, `user-center`. */
  name: z.string(),
  /** `/` + name. */
  path: z.string(),
  title: localizedText,
  /** An Ant Design icon name, e.g. `MessageOutlined`. */
  icon: z.string(),
  sort: z.number().int(),
  status: status01,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MenuEntry = z.infer<typeof menuEntry>;

export const menuFields = z
  .object({
    name: routeName,
    title: localizedInput(64, 1),
    icon: z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9]*$/, { message: 'must be an icon name such as MessageOutlined' }),
    sort: z.number().int().min(-100000).max(100000),
    status: statusInput,
  })
  .partial()
  .strict();
export type MenuFieldsOut = z.output<typeof menuFields>;

/**
 * A domain redirect: a visitor on `domain` is sent to `ad` when the row is active and either
 * `type` is 1 (everyone) or the visitor has VIP time left (`type` 2).
 */
export const adJump = z.object({
  id: z.number().int(),
  /** Where visitors are sent (host name, or an https:// address). */
  ad: z.string(),
  /** The host the rule applies to. */
  domain: z.string(),
  status: status01,
  type: z.union([z.literal(1), z.literal(2)]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdJump = z.infer<typeof adJump>;

export const adJumpFields = z
  .object({
    ad: z.union([domainName, z.url({ protocol: /^https?$/ }).max(1000)]),
    domain: domainName,
    status: statusInput,
    type: smallInt<1 | 2>(1, 2),
  })
  .partial()
  .strict();
export type AdJumpFieldsOut = z.output<typeof adJumpFields>;

// ---------------------------------------------------------------- public calls

const listQuery = pageQuery.extend({
  /** 1 (default): enabled entries; 0: disabled ones. */
  status: queryInt(z.number().int().min(0).max(1))
    .transform((v) => v as 0 | 1)
    .default(1),
});

export const clientConfig = endpoint({
  method: 'GET',
  path: '/config/queryFronet',
  access: 'public',
  summary: "The request host's site merged with the global config (read at start and every 60 s)",
  tags: ['sites'],
  data: frontConfig,
});

/** Public site lists hold one row: the caller's host's site (its own, or the default). */
export const hostAbout = endpoint({
  method: 'GET',
  path: '/config/getaboutList',
  access: 'public',
  summary: "About entry of the request host's site (one row)",
  tags: ['sites'],
  data: listOf(aboutEntry),
});

export const hostSiteConfig = endpoint({
  method: 'GET',
  path: '/config/siteList',
  access: 'public',
  summary: 'Site configuration of the request host (one row)',
  tags: ['sites'],
  data: listOf(siteConfig),
});

export const hostDomain = endpoint({
  method: 'GET',
  path: '/config/domainList',
  access: 'public',
  summary: 'Domain config (domain, index_path, menu) of the request host (one row)',
  tags: ['sites'],
  data: listOf(domainConfig),
});

export const getGlobalConfig = endpoint({
  method: 'GET',
  path: '/config/global',
  access: 'public',
  summary: 'The global config',
  tags: ['sites'],
  data: globalConfig,
});

export const getNotices = endpoint({
  method: 'GET',
  path: '/config/notice',
  access: 'public',
  summary: 'Enabled notices of this site and of all sites, by sort then newest',
  tags: ['sites'],
  data: listOf(notice),
});

export const getMjNotices = endpoint({
  method: 'GET',
  path: '/config/mjNotice',
  access: 'public',
  summary: 'Enabled drawing (Midjourney) notices of this site and of all sites',
  tags: ['sites'],
  data: listOf(notice),
});

export const listJumps = endpoint({
  method: 'GET',
  path: '/autoreply/queryJump',
  access: 'public',
  summary: 'Active ad-jump rows (domain redirects)',
  tags: ['sites'],
  data: listOf(adJump),
});

/**
 * `startConfig` (`/config/start`): what the shell reads at start in one answer instead of five
 * (a round trip each on a slow link): the client config (`queryFronet`), the about entry
 * (`getaboutList`), the enabled side-menu entries (`queryMenu`), the active ad jumps
 * (`queryJump`) and the enabled notices (`notice`), each as its own call answers it.
 */
export const startConfig = z.object({
  config: frontConfig,
  about: listOf(aboutEntry),
  menu: listOf(menuEntry),
  jumps: listOf(adJump),
  notices: listOf(notice),
});
export type StartConfig = z.infer<typeof startConfig>;

export const getStartConfig = endpoint({
  method: 'GET',
  path: '/config/start',
  access: 'public',
  summary:
    'Client config, about entry, enabled menu, active ad jumps and notices of the request host, in one answer (read at start)',
  tags: ['sites'],
  data: startConfig,
});

export const listFaqs = endpoint({
  method: 'GET',
  path: '/autoreply/queryQa',
  access: 'public',
  summary: 'Frequent questions by sort (`size`, `page`, `status` default 1)',
  tags: ['sites'],
  query: listQuery,
  data: listOf(faqEntry),
});

export const listMenu = endpoint({
  method: 'GET',
  path: '/autoreply/queryMenu',
  access: 'public',
  summary: 'Side-menu entries by sort (`size`, `page`, `status` default 1)',
  tags: ['sites'],
  query: listQuery,
  data: listOf(menuEntry),
});

// ---------------------------------------------------------------- admin calls

const idBody = z.object({ id: z.number().int().positive() });

/** List, create, update and delete of one kind of row, under `/admin/<name>`. */
function adminCrud<Row extends z.ZodType, Fields extends z.ZodObject, Create extends z.ZodType>(
  name: string,
  row: Row,
  fields: Fields,
  create: Create,
  summary: string,
) {
  return {
    list: endpoint({
      method: 'GET',
      path: `/admin/${name}`,
      access: 'admin',
      summary: `All ${summary}`,
      tags: ['admin', 'sites'],
      data: listOf(row),
    }),
    create: endpoint({
      method: 'POST',
      path: `/admin/${name}/create`,
      access: 'admin',
      summary: `Add one of the ${summary}`,
      tags: ['admin', 'sites'],
      body: create,
      data: row,
    }),
    update: endpoint({
      method: 'POST',
      path: `/admin/${name}/update`,
      access: 'admin',
      summary: `Change one of the ${summary} (only the fields sent)`,
      tags: ['admin', 'sites'],
      body: fields.extend(idBody.shape),
      data: row,
    }),
    delete: endpoint({
      method: 'POST',
      path: `/admin/${name}/delete`,
      access: 'admin',
      summary: `Delete one of the ${summary}`,
      tags: ['admin', 'sites'],
      body: idBody,
      data: z.null(),
    }),
  };
}

/** `/admin/sites…`: the default site can be edited but not deleted; domains are unique (409). */
export const adminSites = adminCrud(
  'sites',
  siteConfig,
  siteFields.extend({ domain: domainName }).partial(),
  siteFields.extend({ domain: domainName }),
  'site configurations',
);
export const adminNotices = adminCrud(
  'notices',
  notice,
  noticeFields,
  noticeFields.required({ kind: true, title: true }),
  'notices',
);
export const adminFaqs = adminCrud(
  'faqs',
  faqEntry,
  faqFields,
  faqFields.required({ question: true, answer: true }),
  'frequent questions',
);
export const adminMenus = adminCrud(
  'menus',
  menuEntry,
  menuFields,
  menuFields.required({ name: true, title: true }),
  'side-menu entries',
);
export const adminJumps = adminCrud(
  'jumps',
  adJump,
  adJumpFields,
  adJumpFields.required({ ad: true, domain: true }),
  'ad jumps',
);

export const adminGetGlobal = endpoint({
  method: 'GET',
  path: '/admin/global',
  access: 'admin',
  summary: 'The global config',
  tags: ['admin', 'sites'],
  data: globalConfig,
});

export const adminUpdateGlobal = endpoint({
  method: 'POST',
  path: '/admin/global/update',
  access: 'admin',
  summary: 'Change global config keys (only the keys sent)',
  tags: ['admin', 'sites'],
  body: globalConfigInput,
  data: globalConfig,
});
