/** Marks of the third-party platforms (WeChat, QQ): quick login, bindings. Drawn here, no external images. */
export function WeChatIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M9.2 4C5.2 4 2 6.7 2 10c0 1.9 1 3.5 2.6 4.6L4 16.8l2.5-1.3c.8.2 1.7.4 2.7.4h.4a5.6 5.6 0 0 1-.2-1.4c0-3.3 3.1-5.9 7-5.9h.4C15.9 5.8 12.8 4 9.2 4Zm-2.4 3.2a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm4.8 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Z" />
      <path d="M16.4 9.6c-3.2 0-5.8 2.2-5.8 4.9s2.6 4.9 5.8 4.9c.7 0 1.3-.1 1.9-.3l2 1-.5-1.7c1.3-.9 2.2-2.3 2.2-3.9 0-2.7-2.6-4.9-5.6-4.9Zm-1.9 2.7a.75.75 0 1 1 0 1.5.75.75 0 0 1 0-1.5Zm3.8 0a.75.75 0 1 1 0 1.5.75.75 0 0 1 0-1.5Z" />
    </svg>
  )
}

export function QQIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M12 2.5c-3 0-5.2 2.4-5.2 5.6v1.4c-.9 1.2-2 3-2 4.7 0 .9.3 1.3.6 1.3.4 0 .9-.6 1.3-1.3.3 1.2 1 2.3 1.9 3.1-1 .4-1.7 1-1.7 1.6 0 .9 1.7 1.4 3.6 1.4 1.2 0 2.2-.2 2.8-.6h1.4c.6.4 1.6.6 2.8.6 1.9 0 3.6-.5 3.6-1.4 0-.6-.7-1.2-1.7-1.6.9-.8 1.6-1.9 1.9-3.1.4.7.9 1.3 1.3 1.3.3 0 .6-.4.6-1.3 0-1.7-1.1-3.5-2-4.7V8.1c0-3.2-2.2-5.6-5.2-5.6Z" />
    </svg>
  )
}
