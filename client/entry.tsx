const load = () => import('./runtime')
const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 4000 }) : setTimeout(fn, 200))
if (document.readyState === 'complete') idle(load)
else addEventListener('load', () => idle(load), { once: true })
