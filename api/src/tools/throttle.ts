/**
 * A per-address request limit kept in memory (a sliding window of request times per address).
 * Tool computes are cheap and frequent, so a database row per request (the login and contact
 * limiter) would cost more than the compute; the limit is per API process.
 */
export interface ThrottleOptions {
  /** Requests allowed per address within `windowMs`. */
  limit: number;
  windowMs: number;
  now?: (() => number) | undefined;
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** When refused: whole seconds until a request is allowed again (at least 1). */
  retryAfterSeconds: number;
}

export function createThrottle({ limit, windowMs, now = Date.now }: ThrottleOptions) {
  const hits = new Map<string, number[]>();
  let lastSweep = now();

  const sweep = (at: number) => {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, times] of hits) {
      if (times.every((time) => at - time >= windowMs)) hits.delete(key);
    }
  };

  return {
    /** Counts a request of `address` when it is allowed. */
    take(address: string): ThrottleVerdict {
      const at = now();
      sweep(at);
      const times = (hits.get(address) ?? []).filter((time) => at - time < windowMs);
      if (times.length >= limit) {
        hits.set(address, times);
        const oldest = times[0] ?? at;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      times.push(at);
      hits.set(address, times);
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}
