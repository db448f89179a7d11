/** The shape every locale mirrors: the zh-CN namespace with each text widened to `string`. */
export type LocaleShape<T> = {
  [K in keyof T]: T[K] extends string ? string : LocaleShape<T[K]>;
};
