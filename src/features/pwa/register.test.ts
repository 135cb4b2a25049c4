import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.doUnmock('workbox-window')
  vi.resetModules()
})

describe('the service worker’s registration', () => {
  it('is no page error when the browser refuses the worker, and happens once per page', async () => {
    // a plain function: a vi.fn would handle the rejection itself (it records how its promises settle)
    let registrations = 0
    vi.doMock('workbox-window', () => ({
      Workbox: class {
        addEventListener() {}
        register() {
          registrations++
          return Promise.reject(new TypeError("Cannot read properties of undefined (reading 'waiting')"))
        }
      },
    }))
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const { registerWorker } = await import('./register')
      const instance = await registerWorker()
      expect(instance).not.toBeNull()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unhandled).not.toHaveBeenCalled()
      expect(await registerWorker()).toBe(instance)
      expect(registrations).toBe(1)
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })

  it('answers null when workbox-window’s chunk cannot be loaded, and tries again on the next call', async () => {
    let loads = 0
    vi.doMock('workbox-window', () => {
      if (++loads === 1) throw new Error('Failed to fetch dynamically imported module')
      return {
        Workbox: class {
          addEventListener() {}
          register() {
            return Promise.resolve(undefined)
          }
        },
      }
    })
    const { registerWorker } = await import('./register')
    expect(await registerWorker()).toBeNull()
    expect(await registerWorker()).not.toBeNull()
    expect(loads).toBe(2)
  })
})
