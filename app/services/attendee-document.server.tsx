import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { safeAccent, textOnAccent } from '~/lib/accent-color'
import type { Language } from '~/lib/i18n/languages'
import { SCAN_PARAM } from '~/lib/session-views'
import faviconSvg from '../../public/favicon.svg?raw'

// The frame of every attendee page (app/services/attendee-page.server.tsx says what each page
// shows): one complete, small HTML document rendered with renderToStaticMarkup — no app bundle, no
// site stylesheet, inline CSS, one small inline script with the response's CSP nonce — so the first
// view stays far under 14 KB compressed on a phone on venue Wi-Fi (issue 9 Deliver 4;
// docs/lead-capture.md has the figure).

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f3f4f6}
main{max-width:34rem;margin:0 auto;padding:1rem;background:#fff;min-height:100vh;border-top:6px solid var(--a)}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}h2{font-size:1.125rem;margin:1.25rem 0 .5rem}
.who{display:flex;gap:.75rem;align-items:center;margin-bottom:.5rem}.who img{width:56px;height:56px;border-radius:50%;object-fit:cover;background:#e5e7eb}
.muted{color:#4b5563;font-size:.9375rem}.offer{border:1px solid #d1d5db;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
.offer strong{display:block}label,legend{display:block;font-weight:600;margin:.75rem 0 .25rem}fieldset{border:0;margin:0;padding:0}
input[type=text],input[type=email],input[type=tel],input[type=url],textarea{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #6b7280;border-radius:.375rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.opt{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.25rem 0}.opt input{width:1.25rem;height:1.25rem;margin:0}
.rate{display:flex;gap:.5rem}.rate .opt{flex-direction:column;gap:0}
.err{color:#b91c1c;font-size:.9375rem;margin:.25rem 0 0}[aria-invalid=true]{border-color:#b91c1c!important}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;border-radius:.375rem;padding:.5rem .75rem}.alert p,.alert ul{margin:.25rem 0}.alert a{color:#7f1d1d}
.note{border:1px solid #2563eb;background:#eff6ff;border-radius:.375rem;padding:.5rem .75rem}.said{white-space:pre-line}
.btn{display:inline-block;width:100%;margin:1rem 0;padding:.75rem 1rem;font:inherit;font-weight:700;text-align:center;text-decoration:none;border:0;border-radius:.5rem;background:var(--a);color:var(--t);cursor:pointer}
.langs ul{list-style:none;margin:0 0 .5rem;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .75rem;font-size:.875rem}.langs [aria-current]{font-weight:700;color:inherit;text-decoration:none}
.btn[disabled]{opacity:.6}.consent{font-size:.875rem;color:#374151}a{color:#1d4ed8}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}`

// Drops ?qr=1 from the address bar once counted, and queues a submission made offline: it is sent
// when the connection returns (the submission id makes a resend harmless). Without JavaScript the
// form posts as usual.
const SCRIPT = `(function(){var l=location,u=new URLSearchParams(l.search);if(u.get('${SCAN_PARAM}')==='1')history.replaceState(null,'',document.body.dataset.counted);
var f=document.getElementById('lead'),K='lectern-queue',s=document.getElementById('queued');if(!f)return;
function q(){try{return JSON.parse(localStorage.getItem(K)||'[]')}catch(e){return[]}}function w(a){try{localStorage.setItem(K,JSON.stringify(a))}catch(e){}}
function send(i,go){return fetch(i.a,{method:'POST',body:new URLSearchParams(i.b),headers:{'Content-Type':'application/x-www-form-urlencoded'}}).then(function(r){if(r.ok||r.status<500){w(q().filter(function(x){return x.b!==i.b}));if(go&&r.redirected)l.assign(r.url)}return r})}
function flush(){q().forEach(function(i){send(i,i.a===f.getAttribute('action')).catch(function(){})})}
f.addEventListener('submit',function(e){if(f.dataset.busy)return e.preventDefault();var i={a:f.getAttribute('action'),b:new URLSearchParams(new FormData(f)).toString()};
function park(){w(q().concat([i]));s.hidden=false;s.focus()}if(navigator.onLine===false){e.preventDefault();return park()}
e.preventDefault();f.dataset.busy=1;send(i,true).then(function(r){if(!r.redirected){delete f.dataset.busy;HTMLFormElement.prototype.submit.call(f)}},function(){delete f.dataset.busy;park()})});
addEventListener('online',flush);if(navigator.onLine!==false)flush()})()`

// The site's icon, inlined: phones show it without another request on venue Wi-Fi, and no longer
// ask for /favicon.ico (a 404 in the console before there was one).
const ICON = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`

export function html(node: ReactNode, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(`<!doctype html>${renderToStaticMarkup(node)}`, {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...init.headers },
  })
}

export function Document({
  title,
  accent,
  nonce,
  script,
  counted,
  robots = 'noindex',
  lang,
  children,
}: {
  title: string
  accent?: string
  nonce?: string
  script?: boolean
  counted?: string
  robots?: string
  /** The language served (WCAG 3.1.1; issue 31): what the page's text is in. */
  lang: Language
  children: ReactNode
}) {
  const a = safeAccent(accent)
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content={robots} />
        <title>{title}</title>
        <link rel="icon" href={ICON} type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: `:root{--a:${a};--t:${textOnAccent(a)}}${CSS}` }} />
      </head>
      <body data-counted={counted}>
        <main>{children}</main>
        {script ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} /> : null}
      </body>
    </html>
  )
}
