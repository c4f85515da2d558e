/**
 * Brand handling for the typed copy in `app/content`.
 *
 * The product name is configurable (`BRAND_NAME`, default "Lectern"), so copy
 * never hard-codes it. Data modules either export a function `(brand) => …`
 * (legal texts) or write the token `{brand}` inside plain strings (marketing,
 * roadmap, integrations). Call `withBrand` on a single string, or
 * `withBrandDeep` on a whole content object, before rendering.
 */

/** Placeholder written in copy wherever the product name appears. */
export const BRAND_TOKEN = '{brand}'

/** Brand used when no `BRAND_NAME` is configured. */
export const DEFAULT_BRAND = 'Lectern'

/** Replace every `{brand}` token in `text` with `brand`. */
export function withBrand(text: string, brand: string): string {
  return text.split(BRAND_TOKEN).join(brand)
}

/**
 * Replace `{brand}` in every string found in `value` (arrays and plain objects
 * are walked recursively; numbers, booleans and other values are kept as is).
 * Returns a new value of the same shape.
 */
export function withBrandDeep<T>(value: T, brand: string): T {
  if (typeof value === 'string') {
    return withBrand(value, brand) as T
  }
  if (Array.isArray(value)) {
    return value.map((item: unknown) => withBrandDeep(item, brand)) as T
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      out[key] = withBrandDeep(item, brand)
    }
    return out as T
  }
  return value
}
