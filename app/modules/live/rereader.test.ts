import { describe, expect, it } from "vitest";
import { createRereader, holdsRereads } from "./use-live-events";

/** A revalidation the test ends when it wants, counting how many were started. */
function revalidations() {
  const pending: Array<() => void> = [];
  return {
    started: () => pending.length,
    revalidate: () => new Promise<void>((resolve) => pending.push(resolve)),
    finish: async (index: number) => {
      pending[index]!();
      // the re-reader's finally, and any re-read it starts, run on the next turns
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe("live events' re-reads", () => {
  it("run one at a time, and a burst meanwhile costs one more", async () => {
    const calls = revalidations();
    const rereader = createRereader(calls.revalidate);
    void rereader.reread();
    void rereader.reread();
    void rereader.reread();
    expect(calls.started()).toBe(1);
    await calls.finish(0);
    expect(calls.started()).toBe(2);
    await calls.finish(1);
    expect(calls.started()).toBe(2);
  });

  it("wait while the page navigates (a revalidation would abort the navigation's loads and lose its flash), and run once it has ended", async () => {
    const calls = revalidations();
    const rereader = createRereader(calls.revalidate);
    rereader.hold(true);
    void rereader.reread();
    void rereader.reread();
    expect(calls.started()).toBe(0);
    rereader.hold(false);
    expect(calls.started()).toBe(1);
    await calls.finish(0);
    expect(calls.started()).toBe(1);
    // nothing asked for during a navigation: nothing to run after it
    rereader.hold(true);
    rereader.hold(false);
    expect(calls.started()).toBe(1);
  });

  it("run an event that came during a running re-read only after a navigation begun meanwhile has ended", async () => {
    const calls = revalidations();
    const rereader = createRereader(calls.revalidate);
    void rereader.reread();
    void rereader.reread();
    rereader.hold(true);
    await calls.finish(0);
    expect(calls.started()).toBe(1);
    rereader.hold(false);
    expect(calls.started()).toBe(2);
  });

  it("run nothing once stopped (the user signed out or the page went)", async () => {
    const calls = revalidations();
    const rereader = createRereader(calls.revalidate);
    rereader.hold(true);
    void rereader.reread();
    rereader.stop();
    rereader.hold(false);
    void rereader.reread();
    expect(calls.started()).toBe(0);
  });
});

describe("when re-reads wait", () => {
  it("wait while a location loads (a link, a GET form, an action's redirect), not while a form posts or its data reloads", () => {
    expect(holdsRereads({ state: "idle" })).toBe(false);
    expect(holdsRereads({ state: "loading" })).toBe(true);
    expect(holdsRereads({ state: "loading", formMethod: "GET" })).toBe(true);
    // React Router takes a revalidation asked for meanwhile into the action's reload, and keeps the action's answer
    expect(holdsRereads({ state: "submitting", formMethod: "POST" })).toBe(false);
    expect(holdsRereads({ state: "loading", formMethod: "POST" })).toBe(false);
  });
});
