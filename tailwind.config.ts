import plugin from 'tailwindcss/plugin'
import type { Config } from 'tailwindcss'

export default {
  darkMode: 'class',
  // the composable utilities' variables (--tw-ring-*, --tw-translate-*…) only on elements whose utilities
  // use them, not ~45 of them on every element and pseudo-element: a whole-page restyle took 2.2–2.7×
  // the browser's own styles, now 1.1–1.4× (the bench's bundles part prints it)
  experimental: { optimizeUniversalDefaults: true },
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    container: { center: true, padding: '1rem' },
    extend: {
      colors: {
        border: 'hsl(var(--border))',
        input: 'hsl(var(--input))',
        ring: 'hsl(var(--ring))',
        background: 'hsl(var(--background))',
        foreground: 'hsl(var(--foreground))',
        primary: { DEFAULT: 'hsl(var(--primary))', foreground: 'hsl(var(--primary-foreground))' },
        secondary: { DEFAULT: 'hsl(var(--secondary))', foreground: 'hsl(var(--secondary-foreground))' },
        destructive: { DEFAULT: 'hsl(var(--destructive))', foreground: 'hsl(var(--destructive-foreground))' },
        muted: { DEFAULT: 'hsl(var(--muted))', foreground: 'hsl(var(--muted-foreground))' },
        accent: { DEFAULT: 'hsl(var(--accent))', foreground: 'hsl(var(--accent-foreground))' },
        popover: { DEFAULT: 'hsl(var(--popover))', foreground: 'hsl(var(--popover-foreground))' },
        card: { DEFAULT: 'hsl(var(--card))', foreground: 'hsl(var(--card-foreground))' },
        sidebar: { DEFAULT: 'hsl(var(--sidebar))', foreground: 'hsl(var(--sidebar-foreground))', accent: 'hsl(var(--sidebar-accent))' },
      },
      borderRadius: { lg: 'var(--radius)', md: 'calc(var(--radius) - 2px)', sm: 'calc(var(--radius) - 4px)' },
      fontFamily: {
        // the CJK stack, in English with Latin quotes first (styles.css)
        sans: ['var(--font-sans)'],
      },
      keyframes: {
        progress: { '0%': { transform: 'translateX(-100%)' }, '100%': { transform: 'translateX(250%)' } },
      },
      animation: { progress: 'progress 1.2s ease-in-out infinite' },
    },
  },
  plugins: [
    // `coarse:` — a finger (a tablet): styles.css gives every control a 44 px square; what sits side by side spaces out for it
    plugin(({ addVariant }) => addVariant('coarse', '@media (pointer: coarse)')),
  ],
} satisfies Config
