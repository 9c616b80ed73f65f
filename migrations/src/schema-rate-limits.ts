/** A caller's request budget in its current window (migration 0024), shared by every instance. */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  resets_at: Date;
}

export interface RateLimitsTables {
  rate_limit_counters: RateLimitCountersTable;
}
