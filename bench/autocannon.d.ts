// The part of autocannon 9's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type RequestContext = Record<string, unknown>;
  export type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

  export type RequestStep = RawRequest & {
    setupRequest?: (request: RawRequest, context: RequestContext) => RawRequest | null | undefined;
    onResponse?: (
      status: number,
      body: string,
      context: RequestContext,
      headers: Record<string, string | string[]>,
    ) => void;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: RequestStep[];
  };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p99: number;
    total?: number;
  };

  export type Result = {
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export interface Instance extends EventEmitter {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: "reqError", listener: (error: Error) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }

  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
}
