import { useEffect } from 'react'
import { CHAT_WIDGET_DELAY_MS } from '~/lib/constants'

let injected = false

/**
 * The third-party live-chat script (spec 000 §4): loaded once, CHAT_WIDGET_DELAY_MS after the page
 * has loaded or on the first scroll or click, whichever comes first. Rendered only when a widget URL
 * is configured and the visitor allowed optional widgets on /cookie-settings.
 */
export function ChatWidget({ src }: { src: string }) {
  useEffect(() => {
    if (injected) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const events = ['scroll', 'click'] as const
    const cleanup = () => {
      if (timer) clearTimeout(timer)
      window.removeEventListener('load', startTimer)
      for (const name of events) window.removeEventListener(name, load)
    }
    function load() {
      cleanup()
      if (injected) return
      injected = true
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.dataset.chatWidget = 'true'
      // The page's CSP nonce: the attribute is hidden from scripts, the property is not.
      const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce
      if (nonce) script.nonce = nonce
      document.body.appendChild(script)
    }
    function startTimer() {
      timer = setTimeout(load, CHAT_WIDGET_DELAY_MS)
    }
    for (const name of events) window.addEventListener(name, load, { once: true, passive: true })
    if (document.readyState === 'complete') startTimer()
    else window.addEventListener('load', startTimer, { once: true })
    return cleanup
  }, [src])
  return null
}
