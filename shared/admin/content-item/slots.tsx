import type { SlotProps } from './page-data'
import { ImagesSection } from './image-slot'
import { PreviewPane } from './preview-pane'

/**
 * The places other parts of the editor mount in the item page:
 * - PreviewSlot: the preview pane (ed-preview): the public page as it would be, in an iframe at phone
 *   and desktop width, fed the form as typed (`form`), and its no-JavaScript "Preview" button, which
 *   submits the editor form (id EDITOR_FORM_ID) to the preview path with formAction/formTarget.
 * - ImagePickerSlot: the image pickers (./image-slot): uploads, then `insert(locale, markdown)` puts the
 *   image into that language's body at the cursor, or `setField(name, value)` a cover's or gallery row's path.
 */
export const EDITOR_FORM_ID = 'content-editor'

export function PreviewSlot({ data, form }: SlotProps) {
  return <PreviewPane kind={data.kind} slug={data.slug} formId={EDITOR_FORM_ID} saved={!data.isNew} fields={form} />
}

export function ImagePickerSlot(props: SlotProps) {
  return <ImagesSection {...props} />
}
