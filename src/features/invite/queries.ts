/** Query keys and options of the invitation pages, the one place they are written. */
import { queryOptions } from '@tanstack/react-query'
import { INVITE_PATHS, type InviteOpened } from '@/contract/schemas/invite'
import { http } from '@/lib/http'

export const inviteKeys = {
  all: () => ['invite'] as const,
  open: (token: string) => [...inviteKeys.all(), 'open', token] as const,
}

/** An invitation link opened (/sign?token=…): its purpose, form and the record's current data; read once, never kept. */
export const inviteOpenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: inviteKeys.open(token),
    queryFn: ({ signal }) => http.get<InviteOpened>(INVITE_PATHS.open, { token }, { signal, silent: true }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  })
