export { ReflectionEditor } from './reflection-editor';
export type { ReflectionEditorProps } from './reflection-editor';
export { deleteReflection, reflectionsKey, useUserReflections } from './api/reflections';
