// Loaded values by key: each kept for a while, at most so many, and a load in flight shared by every
// caller that asks for its key meanwhile (one request, not one per caller). A load that fails is not
// kept: the next caller loads again. With `ttlMs: 0` nothing is kept once it is loaded, and what is
// left is the sharing of work in flight (two searches meeting one article share one fetch).

export type Cache<V> = {
  /**
   * The value kept for `key`, else the load in flight for it, else `load()`'s. `signal` ends this
   * caller's wait (with the signal's reason), not the load, which others may share: so `load` must
   * not take any one caller's signal.
   */
  get(key: string, load: () => Promise<V>, signal?: AbortSignal): Promise<V>;
  /** Keys kept or loading. */
  readonly size: number;
};

export function createCache<V>(opts: {
  /** How long a loaded value is kept; 0 keeps it only while it loads. */
  ttlMs: number;
  /** Keys kept at most (Infinity only with ttlMs 0, where what is held is the loads in flight); the oldest go first. */
  maxEntries: number;
  /** The clock (tests). */
  now?: () => number;
}): Cache<V> {
  const now = opts.now ?? Date.now;
  // In the order loaded: with one time-to-live for all, the first is also the first to expire.
  const entries = new Map<string, { value: Promise<V>; until: number }>();

  function get(key: string, load: () => Promise<V>, signal?: AbortSignal): Promise<V> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const kept = entries.get(key);
    if (kept && kept.until > now()) return waitFor(kept.value, signal);
    entries.delete(key);
    while (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
    // A load that throws before its first await fails like one that rejects.
    const entry = { value: (async () => load())(), until: Number.POSITIVE_INFINITY };
    entries.set(key, entry);
    // Only while the entry is still this load's: an evicted or replaced one is left alone.
    const mine = () => entries.get(key) === entry;
    entry.value.then(
      () => {
        if (!mine()) return;
        if (opts.ttlMs > 0) entry.until = now() + opts.ttlMs;
        else entries.delete(key);
      },
      () => {
        if (mine()) entries.delete(key);
      },
    );
    return waitFor(entry.value, signal);
  }

  return {
    get,
    get size() {
      return entries.size;
    },
  };
}

/** `value`, or the signal's reason as soon as it is aborted. */
function waitFor<V>(value: Promise<V>, signal: AbortSignal | undefined): Promise<V> {
  if (!signal) return value;
  return new Promise((resolve, reject) => {
    const aborted = () => reject(signal.reason);
    signal.addEventListener('abort', aborted, { once: true });
    value.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
  });
}
