const parameters = new URLSearchParams(location.search);
const device = parameters.get("device") || "web";
// A server off loopback needs a bearer token: open the page once as /?token=… and it is kept.
if (parameters.get("token")) localStorage.setItem("harkToken", parameters.get("token"));
const token = localStorage.getItem("harkToken");
const $ = (id) => document.getElementById(id);
let state = null;

async function call(method, path, body) {
  $("error").textContent = "";
  try {
    const response = await fetch(path, {
      method, headers: Object.assign(body ? { "Content-Type": "application/json" } : {},
        token ? { "Authorization": "Bearer " + token } : {}),
      body: body ? JSON.stringify(body) : undefined });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  } catch (error) {
    $("error").textContent = "Error: " + error.message;
    throw error;
  }
}

function describe(understood) {
  if (!understood || understood.intent === "none") return "";
  const words = ["Intent: " + understood.intent];
  const search = understood.search || {};
  for (const [key, value] of Object.entries(search)) words.push(key + ": " + (Array.isArray(value) ? value.join(", ") : JSON.stringify(value)));
  const params = understood.params || {};
  for (const [key, value] of Object.entries(params)) words.push(key + ": " + JSON.stringify(value));
  if (understood.app) words.push("app: " + understood.app);
  return words.join(" · ");
}

function show(outcome) {
  $("reply").textContent = outcome.reply;
  $("understood").textContent = describe(outcome.understood);
  if ($("speak").checked && "speechSynthesis" in window) {
    const utterance = new SpeechSynthesisUtterance(outcome.reply);
    utterance.lang = outcome.language || "en";
    speechSynthesis.speak(utterance);
  }
  if (outcome.nowPlaying !== undefined) render(outcome.nowPlaying);
}

function clock(seconds) {
  seconds = Math.max(0, Math.round(seconds || 0));
  return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
}

function render(info) {
  state = info;
  const item = info && info.item;
  $("title").textContent = item ? item.title : "Nothing playing";
  $("artist").textContent = item && item.artist ? "— " + item.artist : "";
  $("position").max = (info && info.duration) || 1;
  $("position").value = (info && info.position) || 0;
  $("time").textContent = item ? clock(info.position) + " / " + clock(info.duration) + " · " + info.state : "";
  const playing = info && info.state === "playing";
  $("playpause").dataset.command = playing ? "pause" : "play";
  $("playpause").textContent = playing ? "⏸ Pause" : "▶ Play";
  $("shuffle").setAttribute("aria-pressed", String(!!(info && info.shuffle)));
  $("repeat").setAttribute("aria-pressed", String(!!(info && info.repeatMode && info.repeatMode !== "off")));
  $("queue").innerHTML = "";
  for (const next of ((info && info.upNext) || []).slice(0, 10)) {
    const li = document.createElement("li");
    li.textContent = next.title + (next.artist ? " — " + next.artist : "");
    $("queue").appendChild(li);
  }
}

async function refresh() {
  try { render((await call("GET", "/v1/now-playing?device=" + encodeURIComponent(device))).nowPlaying); } catch (_) {}
}

// A home: the person speaking and the device that hears are chosen here; every room's speaker
// shows what it plays, and music moves there or plays there too with a tap.
let home = null;
function homeBody(body) {
  if (!home) return Object.assign(body, { device });
  return Object.assign(body, { home: home.id, device: $("heard").value, person: $("person").value || undefined });
}

async function ask(text) {
  if (!text.trim()) return;
  show(await call("POST", "/v1/ask", homeBody({ text })));
  suggest();
  if (!homeEvents) rooms();
}

async function loadHomes() {
  const data = await call("GET", "/v1/home").catch(() => null);
  const homes = (data && data.homes) || [];
  $("home-bar").hidden = homes.length === 0;
  $("home").innerHTML = "";
  for (const entry of homes) {
    const option = document.createElement("option");
    option.value = entry.id; option.textContent = entry.name;
    $("home").appendChild(option);
  }
  if (homes.length) await chooseHome(parameters.get("home") || homes[0].id);
}

async function chooseHome(id) {
  home = await call("GET", "/v1/home/" + encodeURIComponent(id)).catch(() => null);
  if (!home) return;
  $("home").value = home.id;
  $("person").innerHTML = '<option value="">Nobody recognised</option>';
  for (const person of home.people) {
    const option = document.createElement("option");
    option.value = person.id; option.textContent = person.name;
    $("person").appendChild(option);
  }
  $("heard").innerHTML = "";
  for (const one of home.devices) {
    const option = document.createElement("option");
    option.value = one.id; option.textContent = one.name;
    $("heard").appendChild(option);
  }
  if (homeEvents) { homeEvents.close(); homeEvents = null; }
  await rooms();
  listenToHome();
}

// Each room's line: its name, what it plays, and the buttons that bring the music there.
async function rooms() {
  $("rooms-section").hidden = !home;
  if (!home) return;
  $("rooms").innerHTML = "";
  for (const speaker of home.devices.filter((one) => one.playsAudio !== false)) {
    const room = home.rooms.find((r) => r.id === speaker.room);
    const key = "home:" + home.id + "/" + speaker.id;
    const li = document.createElement("li"), name = document.createElement("span"), playing = document.createElement("span");
    name.textContent = (room ? room.name : speaker.name) + ": ";
    playing.id = "room:" + key;
    playing.textContent = "nothing";
    li.appendChild(name); li.appendChild(playing);
    if (room) {
      for (const [label, words] of [["Move here", "move the music to the "], ["Also here", "also play it in the "]]) {
        const button = document.createElement("button");
        button.className = "plain"; button.textContent = label;
        button.setAttribute("aria-label", label + ": " + room.name);
        button.addEventListener("click", () => ask(words + room.name).catch(() => {}));
        li.appendChild(document.createTextNode(" ")); li.appendChild(button);
      }
    }
    $("rooms").appendChild(li);
    if (!homeEvents) {
      const data = await call("GET", "/v1/now-playing?device=" + encodeURIComponent(key)).catch(() => null);
      showRoom(key, data && data.nowPlaying);
    }
  }
}

function showRoom(key, info) {
  const line = document.getElementById("room:" + key), item = info && info.item;
  if (!line) return;
  line.textContent = item && info.state !== "stopped"
    ? item.title + (item.artist ? " — " + item.artist : "") + " (" + info.state + ")" : "nothing";
}

// Every room of the home as it changes, whoever changed it: one event stream for the home.
let homeEvents = null;
function listenToHome() {
  if (homeEvents) { homeEvents.close(); homeEvents = null; }
  if (!home || !("EventSource" in window)) return;
  homeEvents = new EventSource("/v1/events?home=" + encodeURIComponent(home.id) + (token ? "&access_token=" + encodeURIComponent(token) : ""));
  homeEvents.addEventListener("now-playing", (event) => {
    const data = JSON.parse(event.data);
    showRoom(data.device, data.nowPlaying);
  });
}

$("home").addEventListener("change", () => chooseHome($("home").value).catch(() => {}));

// What this person does most in apps (their donations); a tap does it again.
async function suggest() {
  const data = await call("GET", "/v1/suggestions?device=" + encodeURIComponent(device)).catch(() => null);
  const list = (data && data.suggestions) || [];
  $("suggestions-section").hidden = list.length === 0;
  $("suggestions").innerHTML = "";
  for (const suggestion of list) {
    const donation = suggestion.donation, li = document.createElement("li"), button = document.createElement("button");
    button.textContent = donation.title || (donation.intent + " · " + donation.app);
    button.addEventListener("click", () => call("POST", "/v1/suggestions/perform",
      { device, app: donation.app, intent: donation.intent, parameters: donation.parameters }).then(show).catch(() => {}));
    li.appendChild(button);
    $("suggestions").appendChild(li);
  }
}

$("ask").addEventListener("submit", (event) => { event.preventDefault(); ask($("text").value).catch(() => {}); });
document.querySelectorAll("[data-command]").forEach((button) => button.addEventListener("click", () =>
  call("POST", "/v1/player/" + button.dataset.command, { device }).then(show).catch(() => {})));
document.querySelectorAll("[data-rate]").forEach((button) => button.addEventListener("click", () =>
  call("POST", "/v1/player/rate", { device, affinity: button.dataset.rate }).then(show).catch(() => {})));
$("shuffle").addEventListener("click", () =>
  call("POST", "/v1/player/shuffle", { device, on: !(state && state.shuffle) }).then(show).catch(() => {}));
$("repeat").addEventListener("click", () =>
  call("POST", "/v1/player/repeat", { device, mode: state && state.repeatMode && state.repeatMode !== "off" ? "off" : "all" }).then(show).catch(() => {}));
$("search").addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = await call("GET", "/v1/search?limit=10&q=" + encodeURIComponent($("query").value)).catch(() => null);
  $("results").innerHTML = "";
  for (const item of (data && data.items) || []) {
    const li = document.createElement("li"), button = document.createElement("button");
    button.textContent = item.title + (item.artist ? " — " + item.artist : "") + " (" + item.type + ")";
    button.addEventListener("click", () => ask("play " + item.title + (item.artist ? " by " + item.artist : "")).catch(() => {}));
    li.appendChild(button);
    $("results").appendChild(li);
  }
});

const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
if (Recognition) {
  $("mic").hidden = false;
  $("mic").addEventListener("click", () => {
    const recognition = new Recognition();
    recognition.lang = navigator.language || "en-US";
    recognition.onresult = (event) => { const text = event.results[0][0].transcript; $("text").value = text; ask(text).catch(() => {}); };
    recognition.onerror = (event) => { $("error").textContent = "Speech recognition: " + event.error; };
    recognition.start();
  });
}

// Now playing comes as Server-Sent Events, so a request from any speaker or page shows at once;
// where the stream is unavailable the page asks every five seconds instead.
let polling = null;
function listen() {
  if (!("EventSource" in window)) { polling = setInterval(refresh, 5000); return; }
  const source = new EventSource("/v1/events?device=" + encodeURIComponent(device) + (token ? "&access_token=" + encodeURIComponent(token) : ""));
  source.addEventListener("now-playing", (event) => {
    if (polling) { clearInterval(polling); polling = null; }
    render(JSON.parse(event.data).nowPlaying);
  });
  source.onerror = () => { if (!polling) polling = setInterval(refresh, 5000); };
}
// The position moves on between events while playing.
setInterval(() => {
  if (state && state.item && state.state === "playing") {
    state.position = Math.min((state.position || 0) + (state.rate || 1), state.duration || Infinity);
    $("position").value = state.position;
    $("time").textContent = clock(state.position) + " / " + clock(state.duration) + " · " + state.state;
  }
}, 1000);
refresh();
suggest();
loadHomes();
listen();
