import { data } from "react-router";
import { isStorableText } from "~/lib/json-text";

/**
 * Reads a form post; a body that is not form data (a scanner's JSON, a truncated upload) is a 400, never a 500,
 * and so is text the database could not store (a NUL byte): it is refused whole, before any command sees it.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: "The form could not be read." }, { status: 400 });
  }
  for (const [, value] of form) {
    if (typeof value === "string" && !isStorableText(value))
      throw data({ message: "The form contains a character that cannot be saved (a NUL byte)." }, { status: 400 });
  }
  return form;
}
