// rtlcss ships no types; the checker uses it only as a PostCSS plugin.
declare module 'rtlcss' {
  import type { PluginCreator } from 'postcss'
  const rtlcss: PluginCreator<Record<string, unknown>>
  export default rtlcss
}
