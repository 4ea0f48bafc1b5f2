/**
 * Decides when a base map has failed, as opposed to a few tiles having failed. Single tile errors are
 * normal (the edge of a service's coverage, a tile the server skipped, a flaky request retried later);
 * a burst of errors with no tile arriving in between means the service is unreachable: no network, a
 * refused key, a blocked host. Any tile that loads clears the failure at once.
 */
export interface TileErrorMonitorOptions {
  /** Errors needed within `windowMs`, with no success in between. */
  threshold: number;
  windowMs: number;
}

/** A screenful of tiles is 6 to 30 requests; 3 failures in 10 s with none arriving is not bad luck. */
export const DEFAULT_TILE_ERROR_OPTIONS: TileErrorMonitorOptions = { threshold: 3, windowMs: 10_000 };

export class TileErrorMonitor {
  private errors: number[] = [];
  private failed = false;

  constructor(
    private readonly options: TileErrorMonitorOptions = DEFAULT_TILE_ERROR_OPTIONS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Records a failed tile; true when the layer now counts as failed. */
  error(): boolean {
    const now = this.now();
    this.errors = this.errors.filter((at) => now - at < this.options.windowMs);
    this.errors.push(now);
    if (this.errors.length >= this.options.threshold) this.failed = true;
    return this.failed;
  }

  /** Records a loaded tile: the service answers, so whatever failed before is over. */
  success(): boolean {
    this.errors = [];
    this.failed = false;
    return this.failed;
  }

  isFailed(): boolean {
    return this.failed;
  }
}
