// Text an attendee types that is printed in an email (the confirmation to any address they give,
// the speaker's notification) must not carry a link: otherwise the sign-up form relays a spammer's
// "Visit http://evil.example/win" to whoever they like, from our domain (issue 20, item 9). Mail
// programs turn "scheme://…" and "www.…" into clickable links in a plain-text part; a bare
// "booking.com" stays allowed, because real company names look like that.

/** What an attendee sees next to a field that holds a link. */
export const LINK_REFUSED_MESSAGE = 'Remove the web address: links cannot be sent in this field'

// NFKC first, so full-width or other look-alike forms ("ｗｗｗ．", "：／／") count as what they show.
// "http:/ /x", "http:\\x" and spaces around the colon still open as links in some mail programs.
const LINK = /:\s*[/\\]\s*[/\\]|(?:^|[^\p{L}\p{N}])www\s*\./iu

/** True when the text contains a web link: "://" (any scheme) or "www.". */
export function containsLink(text: string): boolean {
  return LINK.test(text.normalize('NFKC'))
}
