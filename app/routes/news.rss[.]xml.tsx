import { rssFeed } from '~/services/feeds.server'

export function loader() {
  return rssFeed('news')
}
