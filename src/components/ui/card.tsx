import { styled } from './styled'

export const Card = styled('div', 'rounded-lg border bg-card text-card-foreground shadow-sm', 'Card')
export const CardHeader = styled('div', 'flex flex-col gap-1.5 p-5', 'CardHeader')
export const CardTitle = styled('h3', 'text-lg font-semibold leading-none tracking-tight', 'CardTitle')
export const CardDescription = styled('p', 'text-sm text-muted-foreground', 'CardDescription')
export const CardContent = styled('div', 'p-5 pt-0', 'CardContent')
export const CardFooter = styled('div', 'flex items-center p-5 pt-0', 'CardFooter')
