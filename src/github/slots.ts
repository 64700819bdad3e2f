/**
 * Requests in flight, counted across every GitHub session of one run
 * (`github.concurrency`). Each client still limits its own batch
 * (mapLimited); this bound holds when two batches overlap, as the refs asked
 * while the headers are read and the refs only the headers name do.
 * Waiters are served in arrival order.
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = Math.max(1, Math.floor(size));
  }

  take(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    // A freed slot passes straight to the first waiter.
    if (next !== undefined) next();
    else this.free += 1;
  }
}
