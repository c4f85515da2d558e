import { useFetcher, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { POST_AUTOSAVE_MS, SAVED_INDICATOR_MS } from '~/lib/constants'

export type SaveStatus = 'idle' | 'saving' | 'saved'

/**
 * The editor's auto-save (spec 001 §4): 2 s after the last content change, only when ready,
 * non-empty and changed, the form is posted with intent=autosave through a fetcher. A new post gets
 * its id from its first auto-save, and the URL is replaced with ?id= without remounting the editor
 * (state `keepEditor`). Returns that id, the indicator's status, whether the first auto-save is
 * still creating the post (a manual save must wait for its id), and `holdForSave` for the form's
 * submit: while a manual save is under way no auto-save may start, or both would create the post.
 */
export function usePostAutosave({
  formRef,
  savedId,
  savedContent,
  content,
  hydrated,
}: {
  formRef: RefObject<HTMLFormElement>
  savedId: string | undefined
  savedContent: string | undefined
  content: string
  hydrated: boolean
}) {
  const navigation = useNavigation()
  const navigate = useNavigate()
  const autosaver = useFetcher<{ ok: boolean; id?: string; error?: string }>()
  const [postId, setPostId] = useState(savedId ?? '')
  const [status, setStatus] = useState<SaveStatus>('idle')
  const lastSaved = useRef(savedContent ?? '')
  const navigationBusy = useRef(false)
  navigationBusy.current = navigation.state !== 'idle'

  useEffect(() => {
    if (!hydrated || !content.trim() || content === lastSaved.current) return
    const timer = setTimeout(() => {
      const formEl = formRef.current
      if (!formEl || navigationBusy.current) return
      const body = new FormData(formEl)
      body.set('intent', 'autosave')
      body.delete('heroImage')
      setStatus('saving')
      autosaver.submit(body, { method: 'post', encType: 'multipart/form-data', action: '/resources/admin/editor' })
      lastSaved.current = content
    }, POST_AUTOSAVE_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [content, hydrated])

  useEffect(() => {
    if (autosaver.state !== 'idle' || !autosaver.data) return
    const result = autosaver.data
    if (!result.ok || !result.id) {
      // Spec 001 §4: an auto-save failure is only logged; the next change tries again.
      console.warn('Auto-save failed:', result.error)
      lastSaved.current = ''
      setStatus('idle')
      return
    }
    setStatus('saved')
    if (!postId) {
      setPostId(result.id)
      navigate(`/resources/admin/editor?id=${result.id}`, {
        replace: true,
        preventScrollReset: true,
        state: { keepEditor: true },
      })
    }
    const timer = setTimeout(() => setStatus('idle'), SAVED_INDICATOR_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autosaver.state, autosaver.data])

  return {
    postId,
    status,
    creating: !postId && autosaver.state !== 'idle',
    holdForSave: () => {
      navigationBusy.current = true
    },
  }
}
