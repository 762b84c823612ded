// @size-limit/file ships no types; declared as the plugin type size-limit's API accepts.
declare module '@size-limit/file' {
  const plugin: (...args: unknown[]) => unknown;
  export default plugin;
}
