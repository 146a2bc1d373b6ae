import { useEffect, useRef } from "react";

/**
 * A GET filter form's uncontrolled fields show the URL's values when the URL changes (the back button, 'Clear
 * filters', a select that applies itself), field by field: a field whose value in the URL did not change keeps
 * what the user is typing in it. (Keying the form by the URL instead would redraw it and wipe a search typed while
 * a category's results were loading.) `values` are the fields' values in the current URL, by name.
 */
export function useFieldsFollowUrl(values: Record<string, string>) {
  const form = useRef<HTMLFormElement>(null);
  const shown = useRef(values);
  useEffect(() => {
    for (const name in values) {
      // an input, a select, or a RadioNodeList (whose value is its checked radio's)
      const field = form.current?.elements.namedItem(name) as { value: string } | null | undefined;
      if (field && shown.current[name] !== values[name]) field.value = values[name]!;
    }
    shown.current = values;
  });
  return form;
}
