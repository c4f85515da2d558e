import { readDirectoryParams } from '~/lib/directory-query'
import { hashtagsFromTalks, htmlToText, truncate } from '~/lib/text'
import { listDirectory } from '~/models/speakers.server'

/** The /speakers loader's work: filters from the query string, one page of cards, the real count. */
export async function loadDirectory(search: URLSearchParams) {
  const params = readDirectoryParams(search)
  const result = await listDirectory(params)
  return {
    params,
    total: result.total,
    page: result.page,
    pageCount: Math.max(1, Math.ceil(result.total / result.pageSize)),
    speakers: result.items.map((s) => ({
      slug: s.slug,
      name: s.name,
      jobTitle: s.jobTitle,
      company: s.company,
      location: s.location,
      profileImageUrl: s.profileImageUrl,
      preview: truncate(htmlToText(s.bio)),
      hashtags: hashtagsFromTalks(s.signatureTalks),
    })),
  }
}
