import { sitemap } from '~/services/feeds.server'

export function loader() {
  return sitemap()
}
