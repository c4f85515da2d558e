import { robots } from '~/services/feeds.server'

export function loader() {
  return robots()
}
