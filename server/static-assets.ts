import { existsSync } from 'node:fs'
import path from 'node:path'
import type { NextFunction, Request, Response } from 'express'

// Hashed build assets with the brotli/gzip copies scripts/precompress.mjs made at build time; the
// express.static behind this serves the file itself when no copy fits.
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

export function precompressedAssets(dir: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const type = TYPES[path.extname(req.path)]
    if (!type || req.path.includes('..')) return next()
    const encoding = req.acceptsEncodings('br', 'gzip')
    if (encoding !== 'br' && encoding !== 'gzip') return next()
    const file = path.join(dir, `${req.path}.${encoding === 'br' ? 'br' : 'gz'}`)
    if (!file.startsWith(dir + path.sep) || !existsSync(file)) return next()
    res.setHeader('Content-Type', type)
    res.setHeader('Content-Encoding', encoding)
    res.setHeader('Vary', 'Accept-Encoding')
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    res.sendFile(file, { dotfiles: 'deny', cacheControl: false, lastModified: true })
  }
}
