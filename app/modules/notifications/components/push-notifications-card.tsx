import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useTranslation } from "~/i18n/use-translation";

type State = "checking" | "unsupported" | "denied" | "off" | "on" | "turning-on" | "turning-off";

const SUBSCRIPTIONS_API = "/api/push-subscriptions";

function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The service worker's registration (root registers it at load; here again in case this page came first). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration("/")) ?? (await navigator.serviceWorker.register("/sw.js"));
}

/** The server's answer; its refusals are English (server-made texts, record 0058), a success is said by the card. */
async function post(method: "POST" | "DELETE", body: unknown): Promise<{ ok: boolean; message?: string }> {
  const response = await fetch(SUBSCRIPTIONS_API, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { error?: string };
  return { ok: response.ok, message: answer.error };
}

/**
 * Push notifications on this device (issue #43 item 4): the browser subscribes with Setu's VAPID public key and the
 * subscription is stored for the signed-in account. The kinds pushed follow the e-mail choices above.
 */
export function PushNotificationsCard({ publicKey, devices }: { publicKey: string; devices: number }) {
  const [state, setState] = useState<State>("checking");
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const revalidator = useRevalidator();
  const { t } = useTranslation(["profile"]);

  useEffect(() => {
    if (!supported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    let stale = false;
    void navigator.serviceWorker
      .getRegistration("/")
      .then((found) => found?.pushManager.getSubscription())
      .then((subscription) => !stale && setState(subscription ? "on" : "off"))
      .catch(() => !stale && setState("off"));
    return () => {
      stale = true;
    };
  }, []);

  async function turnOn() {
    setState("turning-on");
    setMessage(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "denied" : "off");
        setMessage({ text: t("profile:push.notAllowed"), error: true });
        return;
      }
      const { pushManager } = await registration();
      const subscription =
        (await pushManager.getSubscription()) ??
        (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
      const saved = await post("POST", subscription.toJSON());
      if (!saved.ok) await subscription.unsubscribe();
      setState(saved.ok ? "on" : "off");
      setMessage(
        saved.ok
          ? { text: t("profile:push.on"), error: false }
          : { text: saved.message ?? t("profile:push.saveFailed"), error: true },
      );
      void revalidator.revalidate();
    } catch {
      setState("off");
      setMessage({ text: t("profile:push.subscribeFailed"), error: true });
    }
  }

  async function turnOff() {
    setState("turning-off");
    setMessage(null);
    try {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription) {
        // the server forgets it first: a device whose DELETE failed still has its subscription to try again with
        await post("DELETE", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
      setMessage({ text: t("profile:push.off"), error: false });
      void revalidator.revalidate();
    } catch {
      setState("on");
      setMessage({ text: t("profile:push.offFailed"), error: true });
    }
  }

  return (
    <Card className="mt-6 p-6">
      <h2 id="push-heading" className="text-lg font-semibold">
        {t("profile:push.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("profile:push.intro")}</p>
      <p className="mt-2 text-sm text-slate-600">
        {devices === 0 ? t("profile:push.noDevices") : t("profile:push.devices", { count: devices })}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {state === "on" || state === "turning-off" ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => void turnOff()}
            disabled={state === "turning-off"}
            aria-describedby="push-heading"
          >
            {state === "turning-off" ? t("profile:push.turningOff") : t("profile:push.turnOff")}
          </Button>
        ) : state === "unsupported" ? (
          <p className="text-sm text-slate-700">{t("profile:push.unsupported")}</p>
        ) : state === "denied" ? (
          <p className="text-sm text-slate-700">{t("profile:push.denied")}</p>
        ) : (
          <Button
            type="button"
            onClick={() => void turnOn()}
            disabled={state === "checking" || state === "turning-on"}
            aria-describedby="push-heading"
          >
            {state === "turning-on" ? t("profile:push.turningOn") : t("profile:push.turnOn")}
          </Button>
        )}
      </div>
      <p
        role="status"
        className={`mt-3 min-h-5 text-sm ${message?.error ? "text-red-700" : "text-green-700"}`}
        aria-live="polite"
      >
        {message?.text}
      </p>
    </Card>
  );
}
