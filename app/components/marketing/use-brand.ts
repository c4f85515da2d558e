import { DEFAULT_BRAND, withBrandDeep } from '~/content/brand'
import { useRootData } from '~/root'

export function useBrand(): string {
  return useRootData()?.brand ?? DEFAULT_BRAND
}

/** The copy with every {brand} token replaced by the configured brand. */
export function useBranded<T>(value: T): T {
  return withBrandDeep(value, useBrand())
}
