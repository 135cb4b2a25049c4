import type { ReactNode } from 'react'
import { Link } from '@/components/link'
import { House } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** A centred message page: icon, title, text, actions. */
export function Message({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode
  title: ReactNode
  children: ReactNode
  actions: ReactNode
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <div className="text-muted-foreground [&_svg]:size-12">{icon}</div>
      <h1 className="text-xl font-semibold">{title}</h1>
      <div className="space-y-2 text-sm text-muted-foreground">{children}</div>
      <div className="flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  )
}

export function HomeButton({ label, variant = 'default' }: { label: string; variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant}>
      <Link to="/admin/home">
        <House />
        {label}
      </Link>
    </Button>
  )
}
