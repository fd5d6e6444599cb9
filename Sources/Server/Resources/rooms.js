// A home: the person speaking and the room that hears are chosen here; every room's speaker
// shows what it plays, and music moves there or plays there too with a tap. Uses page.js.

async function loadHomes() {
  const data = await call("GET", "/v1/home").catch(() => null);
  const homes = (data && data.homes) || [];
  $("home-bar").hidden = homes.length === 0;
  $("home").innerHTML = '<option value="">No home: this page</option>';
  for (const entry of homes) {
    const option = document.createElement("option");
    option.value = entry.id; option.textContent = entry.name;
    $("home").appendChild(option);
  }
  // A page opened for a device (?device=) speaks for it; otherwise for the first home's room.
  const chosen = parameters.get("home") || (parameters.get("device") ? null : homes.length && homes[0].id);
  if (homes.length) await chooseHome(chosen || "");
}

async function chooseHome(id) {
  home = id ? await call("GET", "/v1/home/" + encodeURIComponent(id)).catch(() => null) : null;
  if (!home) {
    $("home").value = "";
    for (const id of ["person", "heard"]) $(id).parentElement.hidden = true;
    $("rooms-section").hidden = true;
    if (homeEvents) { homeEvents.close(); homeEvents = null; }
    listen(); refresh(); loadQueue();
    return;
  }
  for (const id of ["person", "heard"]) $(id).parentElement.hidden = false;
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
  if (parameters.get("room")) $("heard").value = parameters.get("room");
  listen();
  await rooms();
  listenToHome();
  await refresh();
  loadQueue();
}

// Each room's line: its name, what it plays, and the buttons that bring the music there.
async function rooms() {
  $("rooms-section").hidden = !home;
  if (!home) return;
  $("rooms").innerHTML = "";
  for (const speaker of home.devices.filter((one) => one.playsAudio !== false)) {
    const room = home.rooms.find((r) => r.id === speaker.room);
    const key = "home:" + home.id + "/" + speaker.id;
    const li = document.createElement("li"), label = document.createElement("span"), playing = document.createElement("span");
    li.className = "row";
    label.className = "room";
    label.textContent = (room ? room.name : speaker.name) + ": ";
    playing.id = "room:" + key;
    playing.textContent = "nothing";
    label.appendChild(playing);
    li.appendChild(label);
    if (room) {
      for (const [label, words] of [["Move here", "move the music to the "], ["Also here", "also play it in the "]]) {
        const button = document.createElement("button");
        button.type = "button"; button.textContent = label;
        button.setAttribute("aria-label", label + ": " + room.name);
        // The page's own sentence, in English whatever language the person chose.
        button.addEventListener("click", () => ask(words + room.name, "en").catch(() => {}));
        li.appendChild(button);
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
  if (key === playerKey()) render(info);
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
$("heard").addEventListener("change", () => { refresh(); loadQueue(); });
// Another person: their library, in the tab shown.
$("person").addEventListener("change", () => { showTab(currentTab).catch(() => {}); suggest(); });
loadHomes();
