import { redirect } from "react-router";

export function loader() {
  return redirect("/services-for-sellers", 301);
}
