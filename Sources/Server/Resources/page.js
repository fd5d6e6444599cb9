// Hark's page: ask by text or voice, see the reply and what was understood, and control what
// plays. library.js browses the library and up next; rooms.js shows a home's rooms.
const parameters = new URLSearchParams(location.search);
const device = parameters.get("device") || "web";
// A server off loopback needs a bearer token: open the page once as /?token=… and it is kept.
if (parameters.get("token")) {
  localStorage.setItem("harkToken", parameters.get("token"));
  // Kept, and taken out of the address bar and the history.
  parameters.delete("token");
  history.replaceState(null, "", location.pathname + (parameters.toString() ? "?" + parameters : ""));
}
const token = localStorage.getItem("harkToken");
const $ = (id) => document.getElementById(id);
let state = null;
// The home the page speaks in (rooms.js), when the server has one.
let home = null;

// A request to the API. `quiet`: one the page makes by itself (polling, refreshing), whose
// failure does not replace what the person sees.
async function call(method, path, body, quiet) {
  if (!quiet) $("error").textContent = "";
  try {
    const response = await fetch(path, {
      method, headers: Object.assign(body ? { "Content-Type": "application/json" } : {},
        token ? { "Authorization": "Bearer " + token } : {}),
      body: body ? JSON.stringify(body) : undefined });
    const data = await response.json();
    // A token the server no longer knows is forgotten, so that pictures do not keep trying it.
    if (response.status === 401 && token) localStorage.removeItem("harkToken");
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  } catch (error) {
    if (!quiet) $("error").textContent = "Error: " + error.message;
    throw error;
  }
}

// The player the page shows: the chosen room's speaker in a home, else this page's device
// (its key as events name it), and the same as the API takes it in a body or a query.
function playerKey() { return home ? "home:" + home.id + "/" + $("heard").value : device; }
function playerBody(body) { return Object.assign(body, home ? { home: home.id, device: $("heard").value } : { device }); }
// Whose library the page shows: in a home, the chosen person's (else the household's).
function libraryUser() { return home ? "home:" + home.id + "/" + ($("person").value || "household") : null; }
function userQuery() { const user = libraryUser(); return user ? "&user=" + encodeURIComponent(user) : ""; }
// Who and where a request is for: the home's person and room, else this page's device; in the
// language chosen (or `language`: the page's own English sentences).
function homeBody(body, language) {
  if (language || $("lang").value) body.lang = language || $("lang").value;
  // This page shows text: "what are the lyrics?" is answered with the line sung now.
  body.screen = true;
  if (!home) return Object.assign(body, { device });
  return Object.assign(body, { home: home.id, device: $("heard").value, person: $("person").value || undefined });
}
// The same, as a query string for GET requests.
function homeQuery() {
  return home ? "home=" + encodeURIComponent(home.id) + "&device=" + encodeURIComponent($("heard").value)
    : "device=" + encodeURIComponent(device);
}

// A picture of an item, from the server (its cover, or one drawn from its name).
function artURL(item, size) {
  return "/v1/items/" + encodeURIComponent(item.identifier) + "/art?size=" + size + userQuery()
    + (token ? "&access_token=" + encodeURIComponent(token) : "");
}

// An icon button: an inline SVG symbol and a name for assistive technology.
function iconButton(icon, label, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("aria-label", label);
  button.title = label;
  button.innerHTML = '<svg class="icon" aria-hidden="true" focusable="false"><use href="#i-' + icon + '"/></svg>';
  button.addEventListener("click", () => { Promise.resolve(onClick()).catch(() => {}); });
  return button;
}

function show(outcome) {
  $("reply").textContent = outcome.reply;
  $("understood").textContent = outcome.understoodText || "";
  // A like or an addition changes the likes, playlists and library lists: an open one is read again.
  const intent = outcome.understood && outcome.understood.intent;
  if ((intent === "updateMediaAffinity" || intent === "addMedia") && typeof refreshList === "function") refreshList();
  if ($("voice").value === "browser" && "speechSynthesis" in window) {
    const utterance = new SpeechSynthesisUtterance(outcome.reply);
    utterance.lang = outcome.language || "en";
    speechSynthesis.speak(utterance);
  }
  if (outcome.nowPlaying !== undefined) render(outcome.nowPlaying);
  if (typeof loadQueue === "function") loadQueue();
}

function clock(seconds) {
  seconds = Math.max(0, Math.round(seconds || 0));
  return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
}

function showTime() {
  const item = state && state.item;
  $("position").max = (state && state.duration) || 1;
  $("position").value = (state && state.position) || 0;
  $("time").textContent = item ? clock(state.position) + " / " + clock(state.duration) + " · " + state.state : "";
  if (typeof showLyrics === "function") showLyrics(state);
}

function render(info) {
  const before = state && state.item && state.item.identifier;
  state = info;
  const item = info && info.item;
  // Another item plays: up next has moved on too.
  if ((item && item.identifier) !== before && typeof loadQueue === "function") loadQueue();
  $("title").textContent = item ? item.title : "Nothing playing";
  $("artist").textContent = item && item.artist ? item.artist : "";
  const art = item ? artURL(item, 256) : "";
  if ($("art").getAttribute("src") !== art) { if (art) $("art").src = art; else $("art").removeAttribute("src"); }
  $("art").alt = item ? "Cover of " + item.title : "";
  showTime();
  const playing = info && info.state === "playing";
  $("playpause").dataset.command = playing ? "pause" : "play";
  $("playpause").setAttribute("aria-label", playing ? "Pause" : "Play");
  $("playpause").querySelector("use").setAttribute("href", playing ? "#i-pause" : "#i-play");
  $("shuffle").setAttribute("aria-pressed", String(!!(info && info.shuffle)));
  $("repeat").setAttribute("aria-pressed", String(!!(info && info.repeatMode && info.repeatMode !== "off")));
}

async function refresh() {
  const asked = playerKey();
  try {
    const data = await call("GET", "/v1/now-playing?" + homeQuery(), null, true);
    // An answer for a room no longer chosen is not shown.
    if (playerKey() === asked) render(data.nowPlaying);
  } catch (_) {}
}

// A request by text or voice; with "spoken by the server" the reply comes as audio.
async function ask(text, language) {
  if (!text.trim()) return;
  if ($("voice").value === "server") {
    $("error").textContent = "";
    const response = await fetch("/v1/ask", { method: "POST",
      headers: Object.assign({ "Content-Type": "application/json", "Accept": "audio/wav" }, token ? { "Authorization": "Bearer " + token } : {}),
      body: JSON.stringify(homeBody({ text }, language)) });
    if (response.ok) {
      $("reply").textContent = decodeURIComponent(response.headers.get("X-Hark-Reply") || "");
      $("understood").textContent = decodeURIComponent(response.headers.get("X-Hark-Understood") || "");
      const audio = new Audio(URL.createObjectURL(await response.blob()));
      audio.addEventListener("ended", () => URL.revokeObjectURL(audio.src));
      audio.play().catch(() => {});
    } else {
      // The request may have been carried out all the same: what plays is read back below.
      const data = await response.json().catch(() => ({}));
      $("error").textContent = "The server could not speak the reply: " + (data.error || response.status);
    }
    await refresh();
    if (typeof loadQueue === "function") loadQueue();
  } else {
    show(await call("POST", "/v1/ask", homeBody({ text }, language)));
  }
  suggest();
  if (typeof rooms === "function" && !homeEvents) rooms();
}

// What this person does most in apps (their donations); a tap does it again. In a home, the
// person chosen on the page.
async function suggest() {
  const data = await call("GET", "/v1/suggestions?device=" + encodeURIComponent(device) + userQuery(), null, true)
    .catch(() => null);
  const list = (data && data.suggestions) || [];
  $("suggestions-section").hidden = list.length === 0;
  $("suggestions").innerHTML = "";
  for (const suggestion of list) {
    const donation = suggestion.donation, li = document.createElement("li"), button = document.createElement("button");
    button.textContent = donation.title || (donation.intent + " · " + donation.app);
    button.addEventListener("click", () => call("POST", "/v1/suggestions/perform",
      { device, user: libraryUser() || undefined, app: donation.app, intent: donation.intent,
        parameters: donation.parameters }).then(show).catch(() => {}));
    li.appendChild(button);
    $("suggestions").appendChild(li);
  }
}

$("ask").addEventListener("submit", (event) => { event.preventDefault(); ask($("text").value).catch(() => {}); });
document.querySelectorAll("[data-command]").forEach((button) => button.addEventListener("click", () =>
  call("POST", "/v1/player/" + button.dataset.command, playerBody({})).then(show).catch(() => {})));
document.querySelectorAll("[data-rate]").forEach((button) => button.addEventListener("click", () =>
  call("POST", "/v1/player/rate", playerBody(Object.assign({ affinity: button.dataset.rate }, libraryUser() ? { user: libraryUser() } : {})))
    .then(show).catch(() => {})));
$("shuffle").addEventListener("click", () =>
  call("POST", "/v1/player/shuffle", playerBody({ on: !(state && state.shuffle) })).then(show).catch(() => {}));
$("repeat").addEventListener("click", () =>
  call("POST", "/v1/player/repeat", playerBody({ mode: state && state.repeatMode && state.repeatMode !== "off" ? "off" : "all" }))
    .then(show).catch(() => {}));
// A cover that cannot be read leaves the empty frame, not a broken picture.
$("art").addEventListener("error", () => $("art").removeAttribute("src"));

// The browser's speech recognition, where it has one, in the language chosen (else the browser's).
const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
const speechTags = { "en": "en-US", "ru": "ru-RU", "ja": "ja-JP", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "de": "de-DE", "fr": "fr-FR", "es": "es-ES" };
if (Recognition) {
  $("mic").hidden = false;
  $("mic").addEventListener("click", () => {
    const recognition = new Recognition();
    recognition.lang = speechTags[$("lang").value] || navigator.language || "en-US";
    recognition.onresult = (event) => { const text = event.results[0][0].transcript; $("text").value = text; ask(text).catch(() => {}); };
    recognition.onerror = (event) => { $("error").textContent = "Speech recognition: " + event.error; };
    recognition.start();
  });
}

// Now playing comes as Server-Sent Events, so a request from any speaker or page shows at once;
// where the stream is unavailable the page asks every five seconds instead. In a home, rooms.js
// listens to every room and shows the chosen one here.
let polling = null, deviceEvents = null;
function listen() {
  if (deviceEvents) { deviceEvents.close(); deviceEvents = null; }
  if (home) return;
  if (!("EventSource" in window)) { polling = polling || setInterval(refresh, 5000); return; }
  deviceEvents = new EventSource("/v1/events?device=" + encodeURIComponent(device) + (token ? "&access_token=" + encodeURIComponent(token) : ""));
  deviceEvents.addEventListener("now-playing", (event) => {
    if (polling) { clearInterval(polling); polling = null; }
    render(JSON.parse(event.data).nowPlaying);
  });
  deviceEvents.onerror = () => { if (!polling) polling = setInterval(refresh, 5000); };
}
// The position moves on with the clock between events while playing.
setInterval(() => {
  if (state && state.item && state.state === "playing") {
    state.position = Math.min((state.position || 0) + (state.rate || 1), state.duration || Infinity);
    showTime();
  }
}, 1000);
refresh();
suggest();
listen();
