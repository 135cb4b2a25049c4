#!/usr/bin/env node
/** `npm run dev`: the gateway (restarting on change) and Vite with HMR, which proxies /api to it. */
import { spawn } from 'node:child_process'

const children = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, TRESTLE_SERVE_DIST: process.env.TRESTLE_SERVE_DIST ?? '' },
  }),
  spawn('node_modules/.bin/vite', ['--host'], { stdio: 'inherit' }),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((c) =>
  c.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  }),
)
