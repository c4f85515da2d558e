import { describe, it, expect } from 'vitest'
import { embeddableVideoSrc, isAllowedEmbedSrc, toEmbedUrl } from './video-embed'

const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ'

describe('toEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s', YT],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2', YT],
    ['https://youtu.be/dQw4w9WgXcQ', YT],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc&t=10', YT],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', YT],
    ['https://youtube.com/shorts/dQw4w9WgXcQ?feature=share', YT],
    ['  youtu.be/dQw4w9WgXcQ  ', YT],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    [
      'https://www.loom.com/share/0123456789abcdef0123456789abcdef',
      'https://www.loom.com/embed/0123456789abcdef0123456789abcdef',
    ],
    ['https://loom.com/share/0123456789abcdef?sid=xyz', 'https://www.loom.com/embed/0123456789abcdef'],
  ])('%s → %s', (input, output) => {
    expect(toEmbedUrl(input)).toBe(output)
  })

  it.each([
    // Already embeds, other hosts, other YouTube pages: as given.
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://player.vimeo.com/video/76979871',
    'https://vimeo.com/76979871',
    'https://www.youtube.com/channel/UC123',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.loom.com/looms/videos',
    // Ids that could reshape the URL are not pasted into a new one.
    'https://www.youtube.com/watch?v=abc/../../x',
    'https://youtu.be/abc%2F..',
    'javascript:alert(1)',
    'not a url',
    '',
  ])('%j is returned as given', (input) => {
    expect(toEmbedUrl(input)).toBe(input.trim())
  })
})

describe('isAllowedEmbedSrc', () => {
  it.each([
    [YT, true],
    ['https://youtube.com/embed/dQw4w9WgXcQ', true],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=30&rel=0', true],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', true],
    ['https://player.vimeo.com/video/76979871', true],
    ['https://player.vimeo.com/video/76979871?h=abc', true],
    ['https://www.loom.com/embed/0123456789abcdef', true],
    ['http://www.youtube.com/embed/dQw4w9WgXcQ', false],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', false],
    ['https://www.youtube.com/', false],
    ['https://m.youtube.com/embed/dQw4w9WgXcQ', false],
    ['https://www.loom.com/share/0123456789abcdef', false],
    ['https://loom.com/embed/0123456789abcdef', false],
    ['https://player.vimeo.com/video/abc', false],
    ['https://evil.example/embed/dQw4w9WgXcQ', false],
    ['https://www.youtube.com.evil.example/embed/x', false],
    ['https://user:pw@www.youtube.com/embed/dQw4w9WgXcQ', false],
    ['https://www.youtube.com:8443/embed/dQw4w9WgXcQ', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['//www.youtube.com/embed/dQw4w9WgXcQ', false],
    ['', false],
  ])('%j → %s', (src, ok) => {
    expect(isAllowedEmbedSrc(src)).toBe(ok)
  })
})

describe('embeddableVideoSrc', () => {
  it.each([
    ['https://youtu.be/dQw4w9WgXcQ', YT],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871', null],
    ['javascript:alert(1)', null],
    ['   ', null],
    [null, null],
  ])('%j → %j', (url, src) => {
    expect(embeddableVideoSrc(url)).toBe(src)
  })
})
