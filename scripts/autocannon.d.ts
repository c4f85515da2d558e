// The part of autocannon 8's API that scripts/bench-pages.ts uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; min: number; max: number }
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number }
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
