import { styled } from './styled'

/** What a text field and a text area share: the frame, the focus ring, the disabled and the invalid look. */
const field =
  'flex w-full rounded-md border border-input bg-background px-3 text-sm shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive'

export const Input = styled('input', `${field} h-9 py-1 transition-colors`, 'Input')
export const Textarea = styled('textarea', `${field} min-h-[72px] py-2`, 'Textarea')
