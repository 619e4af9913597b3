/**
 * Runs async work one at a time per key within this process. The disk store's metadata sidecar is read, changed
 * and written back; without this, a put and an updateMetadata on the same key could leave a stale checksum.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(work);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      // Forget the key once nobody queued behind us, so the map does not grow with every key ever used.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
