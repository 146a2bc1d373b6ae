/** One Server-Sent Event as a client reads it, with when it arrived (performance.now()). */
export type StreamEvent = { event: string; id?: string; data: string; at: number };

/**
 * An open `text/event-stream` read as a browser's EventSource would: events (and comments, counted) as they
 * arrive. For server tests and the live benchmark; `fetch` keeps one connection per stream.
 */
export class EventStreamReader {
  readonly events: StreamEvent[] = [];
  comments = 0;
  ended = false;
  private waiters = new Set<() => void>();
  private readonly controller = new AbortController();
  response!: Response;

  static async open(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
    const reader = new EventStreamReader();
    reader.response = await fetch(url, {
      headers: { accept: "text/event-stream", ...headers },
      signal: reader.controller.signal,
    });
    if (reader.response.ok && reader.response.body) void reader.read(reader.response.body);
    else reader.ended = true;
    return reader;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      /* aborted, or the server went away */
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private parse(block: string) {
    const at = performance.now();
    const event: StreamEvent = { event: "message", data: "", at };
    let hasField = false;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) {
        this.comments++;
        continue;
      }
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event.event = value;
      else if (field === "id") event.id = value;
      else if (field === "data") event.data = event.data ? `${event.data}\n${value}` : value;
      else continue;
      hasField = true;
    }
    if (hasField && (event.data !== "" || event.id !== undefined)) this.events.push(event);
    this.wake();
  }

  private wake() {
    for (const waiter of this.waiters) waiter();
  }

  /** Resolves with the first event (from `from` on) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (event: StreamEvent) => boolean, timeoutMs = 5_000, from = 0): Promise<StreamEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.events.slice(from).find(match);
        if (found) {
          done();
          resolve(found);
        } else if (this.ended) {
          done();
          reject(
            new Error(`the stream ended before the event (events: ${this.events.map((e) => e.event).join(", ")})`),
          );
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`no such event within ${timeoutMs} ms (events: ${this.events.map((e) => e.event).join(", ")})`),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  close() {
    this.controller.abort();
  }
}
