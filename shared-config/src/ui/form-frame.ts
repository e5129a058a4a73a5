import { createContext, useContext, useId } from 'react';

export interface FieldEntry {
  label: string;
  id: string;
}

/** The form's fields, in the order they render: the error list names and links them. */
interface FormFrameContext {
  idPrefix: string;
  fields: Map<string, FieldEntry>;
}

export const FrameContext = createContext<FormFrameContext | null>(null);

/** A field's id in its form (the error list links to it) and the label the list names it by. */
export function useFieldEntry(name: string, label: string): FieldEntry {
  const frame = useContext(FrameContext);
  const ownId = useId();
  const id = frame ? `${frame.idPrefix}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}` : ownId;
  frame?.fields.set(name, { label, id });
  return { label, id };
}
