import t from 'tap'
import { createToastStore, DEFAULT_LIFE_MS, isAssertive, LEAVE_MS, type Clock } from '../../shared/toast/store'

/** A manual clock: time moves only when the test says so. */
function manualClock() {
  let now = 0
  let next = 0
  const timers = new Map<number, { at: number; fn: () => void }>()
  const clock: Clock & { tick(ms: number): void } = {
    setTimeout(fn, ms) {
      const id = ++next
      timers.set(id, { at: now + ms, fn })
      return id
    },
    clearTimeout(id) {
      timers.delete(id as number)
    },
    tick(ms) {
      const until = now + ms
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        timers.delete(due[0])
        now = due[1].at
        due[1].fn()
      }
      now = until
    },
  }
  return clock
}

t.test('defaults: info, closable, default group, 5 s life; errors stay until closed', async (t) => {
  const clock = manualClock()
  const store = createToastStore(clock)
  const id = store.add({ summary: 'Saved' })
  t.match(store.list()[0], { id, severity: 'info', closable: true, group: 'default', life: DEFAULT_LIFE_MS, summary: 'Saved', detail: '', leaving: false })
  store.add({ severity: 'error', summary: 'Failed' })
  t.equal(store.list()[1]?.life, null, 'an error has no life by default')
  clock.tick(DEFAULT_LIFE_MS)
  t.same(store.list().map((x) => [x.summary, x.leaving]), [['Saved', true], ['Failed', false]], 'life over: leaving')
  clock.tick(LEAVE_MS)
  t.same(store.list().map((x) => x.summary), ['Failed'], 'removed after the 450 ms leave animation')
  clock.tick(60_000)
  t.equal(store.list().length, 1, 'the error is still there')
})

t.test('every field of the spec is kept', async (t) => {
  const store = createToastStore(manualClock())
  store.add({ severity: 'contrast', summary: 's', detail: 'd', life: 1234, closable: false, group: 'g', id: 'x', styleClass: 'wide' })
  t.same(store.list()[0], { id: 'x', severity: 'contrast', summary: 's', detail: 'd', life: 1234, closable: false, group: 'g', styleClass: 'wide', leaving: false })
})

t.test('hover pauses the life timer; leaving restarts it from the full life', async (t) => {
  const clock = manualClock()
  const store = createToastStore(clock)
  const id = store.add({ summary: 'x', life: 1000 })
  clock.tick(900)
  store.pause(id)
  clock.tick(10_000)
  t.equal(store.list()[0]?.leaving, false, 'paused: stays')
  store.resume(id)
  clock.tick(999)
  t.equal(store.list()[0]?.leaving, false, 'the timer restarted with the full life')
  clock.tick(1)
  t.equal(store.list()[0]?.leaving, true)
})

t.test('close, clear by group, replace by id, subscribers notified', async (t) => {
  const clock = manualClock()
  const store = createToastStore(clock)
  let notified = 0
  const unsubscribe = store.subscribe(() => notified++)
  const a = store.add({ summary: 'a', group: 'form' })
  store.add({ summary: 'b', group: 'form' })
  store.add({ summary: 'c', group: 'other' })
  store.remove(a)
  clock.tick(LEAVE_MS)
  t.same(store.list().map((x) => x.summary), ['b', 'c'], 'closed')
  store.clear('form')
  clock.tick(LEAVE_MS)
  t.same(store.list().map((x) => x.summary), ['c'], 'group cleared, others kept')
  store.add({ id: 'one', summary: 'first' })
  store.add({ id: 'one', summary: 'second' })
  t.same(store.list().filter((x) => x.id === 'one').map((x) => x.summary), ['second'], 'same id replaces')
  store.clear()
  clock.tick(LEAVE_MS)
  t.same(store.list(), [], 'clear() without a group clears everything')
  t.ok(notified >= 8)
  unsubscribe()
  const before = notified
  store.add({ summary: 'z' })
  t.equal(notified, before, 'unsubscribed')
})

t.test('errors and warnings are announced assertively, the rest politely', async (t) => {
  t.same(['info', 'success', 'warn', 'error', 'secondary', 'contrast'].filter((s) => isAssertive(s as never)), ['warn', 'error'])
})
