import { LOCALE_CODES } from '../../shared/i18n/locales'
import { itemKey, type EditableItem, type ItemKind, type SitePart } from '../../shared/admin/editor-model/items'
import type { ContentItemData, UnreadableFile } from '../../shared/admin/content-item/page-data'
import { staffHref } from '../../shared/admin/paths'
import type { StaffActionContext, StaffAnswer } from '../../shared/admin/types'
import { parseYaml } from '../content/yaml-text'
import { auditOf } from '../staff/http/services'
import { applyWrites, itemHash, readItemState } from './files'
import { checkCandidate } from './files-check'
import { itemFiles, parseVersion, SITE_FILE, SITE_PART_KEYS, type FileKind } from './files-format'
import { readOrWhy } from './files-unreadable'
import { contentDirOf, existingItemData } from './item-page'
import { writingContent } from '../content/marker'
import { ContentConflict } from './types'

/**
 * The fix of an item file that cannot be read (the editor page's "unreadable" view): its text saved as
 * typed (`rawAction=save`, once it reads and the whole tree passes content:check's checks), or that
 * language's file removed (`rawAction=remove`; the item's last file: the item deleted), after the
 * confirmation, based on the hash the page showed (someone changed it meanwhile: 409), through
 * EditorStore.commit like every other change.
 */
export async function saveRaw(ctx: StaffActionContext, kind: ItemKind, slug: string): Promise<StaffAnswer<ContentItemData> | null> {
  const { req, body } = ctx
  const dir = contentDirOf(req)
  const state = readItemState(dir, kind, slug)
  if (!state) return null
  const files = kind === 'site' ? [{ locale: null, file: SITE_FILE }] : itemFiles(kind as FileKind, slug)
  const target = files.find((f) => f.file === body.rawFile)
  const what = body.rawAction === 'remove' && kind !== 'site' ? 'remove' : 'save'
  if (!target) return null
  const text = what === 'save' ? (body.rawText ?? '').replace(/\r\n?/g, '\n') : null
  const typed: UnreadableFile[] = text === null ? [] : [{ file: target.file, locale: target.locale, reason: 'other', detail: '', line: null, column: null, text }]
  const again = async (statusCode: number, change: Partial<ContentItemData>) => ({ data: (await existingItemData(req, kind, slug, { unreadable: typed, ...change }))!, statusCode })
  if (body.confirmed !== '1') return again(200, { confirm: { action: 'raw', file: target.file, what } })
  // The item as it would be: the readable languages, with the fixed one read from what was typed.
  let next: EditableItem | null
  if (text === null) {
    const versions = { ...state.item?.versions }
    delete versions[target.locale!]
    next = LOCALE_CODES.some((l) => versions[l]) ? { kind, slug, versions } : null
  } else {
    const read = kind === 'site' ? readOrWhy(target.file, null, text, (t) => parseYaml(t) as Record<string, unknown>) : readOrWhy(target.file, target.locale, text, parseVersion)
    if ('unreadable' in read) return again(422, { unreadable: [read.unreadable] })
    next =
      kind === 'site'
        ? { kind, slug, data: Object.fromEntries(SITE_PART_KEYS[slug as SitePart].filter((k) => read.value[k as never] !== undefined).map((k) => [k, read.value[k as never]])) }
        : { kind, slug, versions: { ...state.item?.versions, [target.locale!]: read.value } }
  }
  const key = itemKey(kind, slug)
  const writes = [{ file: target.file, text }]
  // The item's other unreadable files are fixed one at a time: their own problems do not hold this one back.
  const others = state.unreadable.map((f) => f.file).filter((f) => f !== target.file)
  const { problems } = await checkCandidate(dir, { key, next, writes })
  const blocking = problems.filter((p) => !others.some((f) => p === f || p.startsWith(`${f}:`)))
  if (blocking.length) return again(422, { problems: blocking })
  const at = req.server.staffArea.now()
  const accountId = req.staffSession!.account.id
  const revision = { key, at, accountId, action: next ? ('save' as const) : ('delete' as const), item: next, hash: '' }
  try {
    await req.server.editorStore.commit({ revision, marks: [], audit: auditOf(req, accountId, 'content.change', key) }, () => {
      const now = readItemState(dir, kind, slug)
      if (!now || now.hash !== (body.base ?? '')) throw new ContentConflict(now?.item ?? null, now?.hash ?? '')
      writingContent(dir, () => applyWrites(dir, writes))
      revision.hash = itemHash(dir, key)
    })
  } catch (err) {
    if (!(err instanceof ContentConflict)) throw err
    const data = await existingItemData(req, kind, slug, { notice: 'changed' })
    return data ? { data, statusCode: 409 } : { redirect: staffHref('content') }
  }
  await req.server.reloadContent(`editor fix ${target.file}`)
  return { redirect: next ? `${staffHref('contentItem', { kind, slug })}?notice=saved` : `${staffHref('content')}?notice=deleted` }
}
