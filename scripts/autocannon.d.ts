// The part of autocannon 8's API that scripts/bench-pages.ts and scripts/bench-leads.ts use (the
// package ships no types).
declare module 'autocannon' {
  type Context = Record<string, unknown>
  type RequestInit = { method?: string; path?: string; body?: string; headers?: Record<string, string> }
  type RequestSpec = RequestInit & {
    setupRequest?: (req: RequestInit, context: Context) => RequestInit
    onResponse?: (status: number, body: string, context: Context) => void
  }
  type Histogram = { average: number; p50: number; p90: number; p99: number; min: number; max: number }
  type Result = {
    requests: Histogram & { total: number }
    latency: Histogram
    non2xx: number
    errors: number
    timeouts: number
  }
  type Options = {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    requests?: RequestSpec[]
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
