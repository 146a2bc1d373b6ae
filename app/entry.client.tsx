import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { I18nextProvider } from "react-i18next";
import { eagerPartsLoaded } from "~/components/ui/lazy-part";
import { browserI18n } from "~/i18n/client";

// React Router's default entry, hydrating once the page's eager lazy parts have their code (lazy-part.tsx,
// eagerPartsLoaded): their fetch started as the route modules loaded, just before this module. i18next starts from
// the texts the page carries (i18n/client.ts), synchronously.
void Promise.all([browserI18n(), eagerPartsLoaded()]).then(([i18n]) =>
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  }),
);
