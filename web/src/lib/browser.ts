/** The few page-level effects shared code needs, in one object so tests can observe them. */
export const browser = {
  reload: (): void => window.location.reload(),
  pathname: (): string => window.location.pathname,
  host: (): string => window.location.host,
  assign: (url: string): void => window.location.assign(url),
};
