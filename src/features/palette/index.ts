/** The command palette: the header's button and shortcut (the palette itself loads on first use). */
export { PaletteButton } from './PaletteButton'
