import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { eagerPartsLoaded } from "~/components/ui/lazy-part";

// React Router's default entry, hydrating once the page's eager lazy parts have their code (lazy-part.tsx,
// eagerPartsLoaded): their fetch started as the route modules loaded, just before this module.
void eagerPartsLoaded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
