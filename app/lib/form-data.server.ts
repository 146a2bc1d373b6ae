import { data } from "react-router";

/** Reads a form post; a body that is not form data (a scanner's JSON, a truncated upload) is a 400, never a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The form could not be read." }, { status: 400 });
  }
}
