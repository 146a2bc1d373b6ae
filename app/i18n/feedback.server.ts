import { data, type RouterContextProvider } from "react-router";
import { answerIn } from "./feedback";
import { localeOf } from "./i18next.server";

/**
 * An action's answer (React Router's `data`), its server-made texts (message, field errors) in the request's
 * language: English as the domain wrote them, Hindi from the `feedback` namespace (feedback.ts).
 */
export function answer<T extends Parameters<typeof answerIn>[1]>(
  context: Readonly<RouterContextProvider>,
  body: T,
  init?: number | ResponseInit,
) {
  return data(answerIn(localeOf(context), body), init);
}
