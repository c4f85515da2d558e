/**
 * Marketing copy for the public pages. Import from here.
 *
 * Strings use the token "{brand}" where the product is named: pass a value
 * through `withBrand` / `withBrandDeep` (`./brand`) before rendering.
 * Amounts on /compare are numbers; format them with the visitor's currency.
 *
 *   landing page ............. marketing-landing.ts
 *   founder's story .......... marketing-founders-story.ts
 *   product hunt ............. marketing-product-hunt.ts
 *   startup program .......... marketing-startup-program.ts
 *   compare .................. marketing-compare.ts
 */
export * from './marketing-landing'
export * from './marketing-founders-story'
export * from './marketing-product-hunt'
export * from './marketing-startup-program'
export * from './marketing-compare'
