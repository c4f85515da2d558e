import { renderToStaticMarkup } from 'react-dom/server'
import {
  DISPLAY_NOSCRIPT_REFRESH_SECONDS,
  DISPLAY_OFFLINE_AFTER_MS,
  displayCallToAction,
  type DisplayState,
} from '~/lib/live-display'
import { displayShortUrl, qrPayload } from '~/lib/short-link'
import type { DisplaySession } from '~/models/display-links.server'
import { renderQrSvg } from './qr.server'

// The display page for the projector, /d/{token} (issue 33 Deliver 6; docs/feedback.md → The live
// display on a venue's network): one small, complete HTML document, as the attendee page is — no
// app bundle, inline CSS, one inline script with the response's CSP nonce. With JavaScript an
// EventSource keeps the counts live (app/services/live-display.server.ts sends them) and reconnects by
// itself; the page says in words when it is offline. Without JavaScript it reloads every 10 s.

const CSS = `*{box-sizing:border-box}html,body{height:100%}body{margin:0;font:2vmin/1.3 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0b1020;background:#fff}
main{display:grid;grid-template-columns:auto 1fr;gap:4vmin;align-items:center;min-height:100%;padding:4vmin}
.qr svg{display:block;width:min(84vh,48vw);height:auto}
.cta{font-size:5vmin;font-weight:700;margin:0 0 2vmin}h1{font-size:4.2vmin;line-height:1.15;margin:0 0 1vmin}.event{font-size:2.6vmin;color:#374151;margin:0 0 3vmin}
.type{font-size:2.6vmin;color:#374151;margin:0}.url{font-size:6.4vmin;font-weight:800;letter-spacing:.02em;margin:0 0 4vmin;overflow-wrap:anywhere;font-variant-ligatures:none;font-feature-settings:"calt" 0}
dl{display:flex;gap:6vmin;margin:0 0 3vmin}dt{font-size:2.6vmin;color:#374151}dd{margin:0;font-size:9vmin;font-weight:800;line-height:1}
.conn{font-size:2.2vmin;margin:0;color:#065f46}.conn[data-state=offline]{color:#991b1b;font-weight:700}.state{font-size:3vmin;font-weight:700;margin:0 0 3vmin}
[hidden]{display:none!important}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-aspect-ratio:1/1){main{grid-template-columns:1fr}.qr svg{width:min(90vw,60vh)}}`

// Reconnects by itself (EventSource does, with the stream's `retry:`; after a refusal such as a
// proxy's 502 it opens a new one), shows "Offline" in words when the stream drops or no event (a
// heartbeat comes every 15 s) arrived for a while, and reloads when the link was revoked (the page
// then answers 404). The screen-reader summary is updated at most every 30 s, not on every sign-up.
const script = () => `(function(){var d=document,b=d.body,u=b.dataset,es,last=Date.now(),said=0,want=null,timer=null,retry=null;
function $(i){return d.getElementById(i)}function conn(on){var c=$('conn'),s=on?'live':'offline';if(c.dataset.state===s)return;c.dataset.state=s;c.textContent=on?u.live:u.offline}
function plural(n,one,many){return n+' '+(n===1?one:many)}
function announce(t){want=t;if(timer)return;timer=setTimeout(function(){timer=null;said=Date.now();var s=$('said');if(s.textContent!==want)s.textContent=want},Math.max(0,said+30000-Date.now()))}
function show(s){$('signups').textContent=s.signups;$('feedback-count').hidden=s.feedback===null;if(s.feedback!==null)$('feedback').textContent=s.feedback;
$('cta').textContent=s.status==='closed'?u.ctaClosed:s.status==='draft'?u.ctaDraft:s.feedbackOpen?u.ctaFeedback:u.ctaSignup;
announce(plural(s.signups,'sign-up','sign-ups')+(s.feedback!==null?', '+plural(s.feedback,'feedback answer','feedback answers'):''))}
function connect(){clearTimeout(retry);if(es)es.close();es=new EventSource(u.events);
es.onopen=function(){last=Date.now();conn(true)};
es.addEventListener('counts',function(e){last=Date.now();conn(true);try{show(JSON.parse(e.data))}catch(x){}});
es.addEventListener('heartbeat',function(){last=Date.now();conn(true)});
es.addEventListener('revoked',function(){es.close();location.reload()});
es.onerror=function(){conn(false);if(es.readyState===2){retry=setTimeout(check,5000)}}}
function check(){fetch(location.href,{method:'HEAD',cache:'no-store'}).then(function(r){if(r.status===404)location.reload();else connect()},function(){retry=setTimeout(check,5000)})}
setInterval(function(){if(Date.now()-last>${DISPLAY_OFFLINE_AFTER_MS}){conn(false);last=Date.now();connect()}},5000);
addEventListener('offline',function(){conn(false)});addEventListener('online',connect);connect()})()`

function document(body: string) {
  return `<!doctype html>${body}`
}

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // The token is the address: never sent on as a referrer, never indexed.
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
}

export async function renderDisplayPage({
  session,
  state,
  token,
  appUrl,
  nonce,
}: {
  session: DisplaySession
  state: DisplayState
  token: string
  appUrl: string
  nonce: string
}) {
  const qr = await renderQrSvg(qrPayload(appUrl, session.code))
  const url = displayShortUrl(appUrl, session.code)
  const title = session.headline || session.talkTitle
  const cta = {
    ctaSignup: displayCallToAction({ status: 'live', feedbackOpen: false }, session.offerTitle),
    ctaFeedback: displayCallToAction({ status: 'live', feedbackOpen: true }, session.offerTitle),
    ctaClosed: displayCallToAction({ status: 'closed', feedbackOpen: false }, session.offerTitle),
    ctaDraft: displayCallToAction({ status: 'draft', feedbackOpen: false }, session.offerTitle),
  }
  const now = displayCallToAction(state, session.offerTitle)
  const summary =
    `${state.signups} ${state.signups === 1 ? 'sign-up' : 'sign-ups'}` +
    (state.feedback === null ? '' : `, ${state.feedback} ${state.feedback === 1 ? 'feedback answer' : 'feedback answers'}`)
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <noscript>
          <meta httpEquiv="refresh" content={String(DISPLAY_NOSCRIPT_REFRESH_SECONDS)} />
        </noscript>
        <title>{`${title} — live display`}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body
        data-events={`/d/${token}/events`}
        data-live="Live: updates as they happen"
        data-offline="Offline — reconnecting…"
        data-cta-signup={cta.ctaSignup}
        data-cta-feedback={cta.ctaFeedback}
        data-cta-closed={cta.ctaClosed}
        data-cta-draft={cta.ctaDraft}
      >
        <main>
          <div className="qr" role="img" aria-label={`QR code for ${url}`} dangerouslySetInnerHTML={{ __html: qr }} />
          <div>
            <p className="cta" id="cta">
              {now}
            </p>
            <h1>{title}</h1>
            <p className="event">{session.eventName}</p>
            <p className="type">Or type</p>
            <p className="url">{url}</p>
            <dl>
              <div>
                <dt>Sign-ups</dt>
                <dd id="signups">{state.signups}</dd>
              </div>
              {/* Shown while the session takes feedback (the script shows or hides it as that changes). */}
              <div id="feedback-count" hidden={state.feedback === null}>
                <dt>Feedback answers</dt>
                <dd id="feedback">{state.feedback ?? 0}</dd>
              </div>
            </dl>
            <p className="sr" role="status" id="said">
              {summary}
            </p>
            <p className="conn" id="conn" role="status" data-state="nojs">
              {/* Without JavaScript the page reloads itself: it is as live as its last load. */}
              {`Updated every ${DISPLAY_NOSCRIPT_REFRESH_SECONDS} seconds`}
            </p>
          </div>
        </main>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script() }} />
      </body>
    </html>,
  )
  return new Response(document(html), { headers: HEADERS })
}

export function renderDisplayNotFound() {
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Display link not found</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <main>
          <div>
            <h1>This display link does not work</h1>
            <p className="event">It was revoked or replaced by a new one. Ask the speaker for the current link.</p>
          </div>
        </main>
      </body>
    </html>,
  )
  return new Response(document(html), { status: 404, headers: HEADERS })
}
