/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type THistogram = {
    average: number;
    p50: number;
    p97_5: number;
    p99: number;
    max: number;
    total: number;
  };
  type TRequest = { method?: string; path?: string; headers?: Record<string, string> };
  type TOptions = {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to send in all; overrides duration. */
    amount?: number;
    /** How often requests are counted and a finished run noticed (ms; 1000). */
    sampleInt?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: TRequest) => TRequest }[];
  };
  type TResult = {
    latency: THistogram;
    requests: THistogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  export default function autocannon(options: TOptions): Promise<TResult>;
}
