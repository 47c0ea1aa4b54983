// "Your turn" notifications in this browser (Web Push): the service worker (sw.js) shows them;
// this module asks for permission, subscribes with the server's VAPID public key and registers
// the subscription with the API (POST me/push-subscriptions/), as docs/api.md's mobile client
// page describes for apps.
//
//   GET  push/vapid-public-key/    {enabled, public_key}: the applicationServerKey
//   POST me/push-subscriptions/    the browser's PushSubscription.toJSON()
//   DELETE me/push-subscriptions/{id}/

const SUBSCRIPTION_KEY = "hearts.pushSubscriptionId";

/** base64url (the server's key) to the bytes PushManager.subscribe wants. */
export function keyBytes(base64url) {
  const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** Register the service worker (scope: the client's root) and wait until it is active. */
export async function registerWorker(playRoot) {
  await navigator.serviceWorker.register(`${playRoot}sw.js`, { scope: playRoot });
  return navigator.serviceWorker.ready;
}

/** Ask for permission, subscribe, register the subscription; resolves to the stored one. */
export async function enablePush(api, playRoot) {
  const { enabled, public_key: publicKey } = await api.vapidKey();
  if (!enabled) throw new Error("This server does not send push notifications.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new Error("Notifications are blocked for this site (browser settings).");
  }
  const registration = await registerWorker(playRoot);
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  }
  const stored = await api.registerPush(subscription.toJSON());
  localStorage.setItem(SUBSCRIPTION_KEY, stored.id);
  return stored;
}

export async function disablePush(api, playRoot) {
  const id = localStorage.getItem(SUBSCRIPTION_KEY);
  if (id) await api.unregisterPush(id).catch(() => null);
  localStorage.removeItem(SUBSCRIPTION_KEY);
  const registration = await navigator.serviceWorker.getRegistration(playRoot);
  const subscription = registration && (await registration.pushManager.getSubscription());
  if (subscription) await subscription.unsubscribe();
}

/** The lobby's box: "Notify me when it is my turn" (or why not), on and off. */
export function pushPanel({ api, h, playRoot }) {
  const status = h("p", { id: "push-status", class: "muted", role: "status" });
  const button = h("button", { type: "button", id: "push-toggle" });
  const box = h("section", { id: "push", class: "panel", "aria-labelledby": "push-title" },
    h("h2", { id: "push-title" }, "Notifications"), status, button);

  function show(state, text) {
    box.dataset.state = state; // unsupported | off | on | error | working
    status.textContent = text;
    button.hidden = state === "unsupported";
    button.disabled = state === "working";
    button.textContent = state === "on" ? "Turn off notifications" : "Notify me when it is my turn";
  }

  async function refresh() {
    if (!pushSupported()) return show("unsupported", "This browser cannot show push notifications.");
    const registration = await navigator.serviceWorker.getRegistration(playRoot);
    const subscription = registration && (await registration.pushManager.getSubscription());
    const on = Notification.permission === "granted" && subscription && localStorage.getItem(SUBSCRIPTION_KEY);
    show(on ? "on" : "off", on
      ? "This browser is told when it is your turn, even when the page is closed."
      : "Get a notification when it is your turn, when a game starts or someone invites you.");
  }

  button.addEventListener("click", async () => {
    const wasOn = box.dataset.state === "on";
    show("working", wasOn ? "Turning off..." : "Asking your browser...");
    try {
      if (wasOn) await disablePush(api, playRoot);
      else await enablePush(api, playRoot);
      await refresh();
    } catch (err) {
      show("error", `Notifications could not be turned on: ${err.message}`);
    }
  });
  refresh().catch((err) => show("error", err.message));
  return box;
}
