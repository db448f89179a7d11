/** Default lifetime of a stored value with an expiry (docs/product.md §9): 7 days. */
export const DEFAULT_EXPIRE_SECONDS = 7 * 24 * 60 * 60;

interface Stored<T> {
  data: T;
  /** Epoch milliseconds after which the value is gone; null keeps it forever. */
  expire: number | null;
}

/**
 * A small localStorage helper for values that need an expiry (e.g. a notice's "not again
 * today"). `expireSeconds` null keeps the value forever. A broken or expired entry reads as null.
 */
export const storage = {
  set<T>(key: string, data: T, expireSeconds: number | null = DEFAULT_EXPIRE_SECONDS): void {
    const value: Stored<T> = {
      data,
      expire: expireSeconds === null ? null : Date.now() + expireSeconds * 1000,
    };
    localStorage.setItem(key, JSON.stringify(value));
  },
  get<T>(key: string): T | null {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    try {
      const value = JSON.parse(raw) as Partial<Stored<T>>;
      if (!value || typeof value !== 'object' || !('data' in value)) return null;
      if (typeof value.expire === 'number' && value.expire <= Date.now()) {
        localStorage.removeItem(key);
        return null;
      }
      return value.data as T;
    } catch {
      return null;
    }
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
  clear(): void {
    localStorage.clear();
  },
};
