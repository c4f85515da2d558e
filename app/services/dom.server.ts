import { createRequire } from 'node:module'
import type createDOMPurify from 'dompurify'
import type { DOMPurify } from 'dompurify'
import type { DOMWindow, JSDOM } from 'jsdom'

// A server-side DOM (jsdom) with DOMPurify on it, for the two sanitizers that need one (bio HTML,
// SVG icons). jsdom costs ~60 MB of resident memory once loaded and only a save of a bio or an icon
// needs it, so it is loaded on first use rather than at start-up (docs/performance.md → Memory).
// require, not import(): the sanitizers stay synchronous.
const require = createRequire(import.meta.url)

export type Purifier = { window: DOMWindow; purify: DOMPurify }

/** A getter that builds its own window and DOMPurify (with `setup`'s hooks) the first time it is called. */
export function lazyPurifier(setup: (purifier: Purifier) => void = () => {}): () => Purifier {
  let made: Purifier | undefined
  return () => {
    if (!made) {
      const jsdom = require('jsdom') as { JSDOM: typeof JSDOM }
      const create = require('dompurify') as typeof createDOMPurify
      const window = new jsdom.JSDOM('').window
      const purifier = { window, purify: create(window as unknown as Parameters<typeof createDOMPurify>[0]) }
      setup(purifier)
      made = purifier
    }
    return made
  }
}
