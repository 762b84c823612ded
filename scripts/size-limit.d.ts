// @size-limit/file ships no types; size-limit's own declare its result as `object`.
declare module '@size-limit/file' {
  const plugin: { name: string };
  export default plugin;
}
