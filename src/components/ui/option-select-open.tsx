/** An OptionSelect (./lazy-select.tsx) once it is first opened: Radix's select, open. */
import type { MenuPopupProps } from './lazy-menu'
import type { OptionSelectProps } from './select-box'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select'

export function OptionSelectOpen({
  value,
  onValueChange,
  options,
  placeholder,
  id,
  className,
  itemClassName,
  disabled,
  'aria-label': ariaLabel,
}: OptionSelectProps & MenuPopupProps) {
  return (
    <Select defaultOpen value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger id={id} className={className} aria-label={ariaLabel}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} className={itemClassName}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
