import { renderMessagePage } from '~/services/attendee-page.server'

// GET /t/{code}/erased: where an erasure lands (post/redirect/get).

export async function loader() {
  return renderMessagePage({
    title: 'Your details have been erased',
    lines: [
      'The speaker no longer has the details you left on this session page. We kept only a record that an erasure happened, without your details.',
    ],
    status: 200,
  })
}
