import type { Config } from 'tailwindcss'

/** Colours are theme tokens (CSS variables in src/styles.css), so dark mode is one class on <html>. */
export default {
  darkMode: 'class',
  content: ['./index.html', './src/**/*.{ts,tsx}', './stories/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        bg: 'var(--color-bg)',
        surface: 'var(--color-surface)',
        'surface-2': 'var(--color-surface-2)',
        border: 'var(--color-border)',
        input: 'var(--color-input)',
        fg: 'var(--color-fg)',
        muted: 'var(--color-muted)',
        primary: 'var(--color-primary)',
        'primary-fg': 'var(--color-primary-fg)',
        danger: 'var(--color-danger)',
        'danger-fg': 'var(--color-danger-fg)',
        'danger-bg': 'var(--color-danger-bg)',
        warning: 'var(--color-warning)',
        success: 'var(--color-success)',
        focus: 'var(--color-focus)',
      },
      screens: { mobile: { max: '519px' }, wide: '520px' },
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'sans-serif'],
      },
    },
  },
} satisfies Config
