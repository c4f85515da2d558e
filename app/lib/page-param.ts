// One rule for a list's page number in the query string (public listings, the directory, admin lists).

/** 1-based page number from the query string; anything odd → 1. */
export function parsePage(value: string | null): number {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
}
