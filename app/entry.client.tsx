import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { TextsProvider } from "~/i18n/use-translation";
import { eagerPartsLoaded } from "~/components/ui/lazy-part";
import { browserTexts } from "~/i18n/client";

// React Router's default entry, hydrating once the page's eager lazy parts have their code (lazy-part.tsx,
// eagerPartsLoaded): their fetch started as the route modules loaded, just before this module. The texts are those
// the page carries (i18n/client.ts).
void eagerPartsLoaded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <TextsProvider store={browserTexts()}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </TextsProvider>,
    );
  }),
);
