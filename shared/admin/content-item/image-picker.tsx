import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { useI18n } from '../../i18n/context'
import type { Translate } from '../../i18n/messages'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES, type UploadedImage } from './image-upload-rules'

type Status = { step: 'idle' } | { step: 'uploading'; name: string } | { step: 'done'; name: string; image: UploadedImage } | { step: 'failed'; message: string }

const MB = IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024

/**
 * Sends one file to STAFF_PATHS.contentImages (multipart, the session's token in X-CSRF-Token): the stored
 * image, or the words to show (the server's, in the staff member's language; else ours by status).
 */
async function send(file: File, csrf: string, t: Translate): Promise<UploadedImage | string> {
  const form = new FormData()
  form.append('file', file, file.name)
  let res: Response
  try {
    res = await fetch(STAFF_PATHS.contentImages, { method: 'POST', body: form, headers: { 'x-csrf-token': csrf }, credentials: 'same-origin' })
  } catch {
    return t('staff.content.images.failed')
  }
  // Signed out meanwhile: the sign-in page (a redirect fetch followed), not JSON.
  if (res.redirected || !(res.headers.get('content-type') ?? '').includes('json')) return t('staff.content.images.signedOut')
  const body = (await res.json().catch(() => ({}))) as Partial<UploadedImage> & { ok?: boolean; message?: unknown }
  if (res.ok && body.ok && typeof body.path === 'string') return { path: body.path, width: Number(body.width), height: Number(body.height) }
  if (typeof body.message === 'string') return body.message
  return t(res.status === 403 ? 'staff.content.images.forbidden' : res.status === 413 ? 'staff.content.images.refused.tooLarge' : 'staff.content.images.failed', { mb: MB })
}

/**
 * The editor's image upload: pick a file or drop one on the zone; it is checked here (kind, size)
 * and sent, with progress and the server's refusal in words; once stored, `onUploaded` gets its content path
 * (`images/uploads/<year>/<name>-<hash>.<ext>`) and size, for the editor page to put in `cover:`, a gallery's
 * `src:` or the Markdown body (the page asks for the alt text in each language). Needs JavaScript: rendered
 * hidden and shown once hydrated.
 */
export function ImagePicker({ onUploaded, label }: { onUploaded: (image: UploadedImage) => void; label?: string }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [ready, setReady] = useState(false)
  const [over, setOver] = useState(false)
  const [status, setStatus] = useState<Status>({ step: 'idle' })
  useEffect(() => setReady(true), [])

  const take = async (file: File | undefined) => {
    if (!file || status.step === 'uploading') return
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setStatus({ step: 'failed', message: t('staff.content.images.refused.tooLarge', { mb: MB }) })
    if (file.type && !(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      const reason = file.type === 'image/svg+xml' ? 'svg' : 'format'
      return setStatus({ step: 'failed', message: t(`staff.content.images.refused.${reason}`) })
    }
    setStatus({ step: 'uploading', name: file.name })
    const answer = await send(file, csrf, t)
    if (input.current) input.current.value = ''
    if (typeof answer === 'string') return setStatus({ step: 'failed', message: answer })
    setStatus({ step: 'done', name: file.name, image: answer })
    onUploaded(answer)
  }
  const drop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    void take(e.dataTransfer.files[0])
  }
  const dragOver = (e: DragEvent) => {
    e.preventDefault()
    setOver(true)
  }

  return (
    <div
      className={`image-picker${over ? ' image-picker--over' : ''}`}
      data-image-picker=""
      hidden={!ready}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      aria-busy={status.step === 'uploading'}
    >
      <p className="staff-muted" id={`${id}-hint`}>
        {t('staff.content.images.drop')} {t('staff.content.images.accepted', { mb: MB })}
      </p>
      <label htmlFor={`${id}-file`}>{label ?? t('staff.content.images.pick')}</label>{' '}
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        aria-describedby={`${id}-hint`}
        disabled={status.step === 'uploading'}
        onChange={(e) => void take(e.currentTarget.files?.[0])}
      />
      <div aria-live="polite" role="status">
        {status.step === 'uploading' ? (
          <p>
            {/* fetch reports no upload progress: an indeterminate bar while the file goes. */}
            <progress aria-label={t('staff.content.images.uploading', { name: status.name })} /> {t('staff.content.images.uploading', { name: status.name })}
          </p>
        ) : null}
        {status.step === 'done' ? (
          <p data-uploaded={status.image.path}>{t('staff.content.images.uploaded', { name: status.name, width: status.image.width, height: status.image.height })}</p>
        ) : null}
      </div>
      {status.step === 'failed' ? (
        <div className="staff-notice staff-notice--error" role="alert" data-notice="imageRefused">
          <p>{status.message}</p>
        </div>
      ) : null}
    </div>
  )
}
