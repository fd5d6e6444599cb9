// The library by touch: search, the person's playlists, likes and library; an album, artist,
// playlist or podcast opened to its tracks; up next reordered and cut. Uses page.js's helpers.

// Whose library: libraryUser() and userQuery() in page.js.
function userOnly() { const user = libraryUser(); return user ? "?user=" + encodeURIComponent(user) : ""; }

// Kinds that hold tracks and open to them.
const containers = new Set(["album", "artist", "playlist", "podcastShow", "audioBook"]);

function describeItem(item) {
  const kinds = { album: "Album", artist: "Artist", playlist: "Playlist", podcastShow: "Podcast", podcastEpisode: "Episode",
    audioBook: "Audiobook", radioStation: "Radio", song: "Song" };
  return [kinds[item.type] || item.type, item.artist].filter(Boolean).join(" · ");
}

// Plays an item now, next or later (an album from one of its songs with `start`).
async function playItem(item, when, start) {
  show(await call("POST", "/v1/play", homeBody({ identifier: item.identifier, when, start: start && start.identifier })));
}

// One line of a list: picture, name (opens a container, plays anything else), and its actions.
function itemRow(item, options = {}) {
  const li = document.createElement("li");
  li.className = "row";
  const thumb = document.createElement("img");
  thumb.className = "thumb"; thumb.alt = ""; thumb.width = 42; thumb.height = 42; thumb.loading = "lazy";
  thumb.src = artURL(item, 128);
  thumb.addEventListener("error", () => thumb.removeAttribute("src"));
  const name = document.createElement("button");
  name.type = "button"; name.className = "name";
  name.innerHTML = "<span></span><span class=\"sub\"></span>";
  name.firstChild.textContent = item.title;
  name.lastChild.textContent = options.sub || describeItem(item);
  name.addEventListener("click", () => (options.open || (containers.has(item.type) ? () => openItem(item) : () => playItem(item)))()
    .catch(() => {}));
  name.dataset.identifier = item.identifier;
  li.append(thumb, name);
  if (!options.bare) {
    li.append(
      iconButton("play", "Play " + item.title, () => playItem(item)),
      iconButton("play-next", "Play " + item.title + " next", () => playItem(item, "next")),
      iconButton("later", "Play " + item.title + " later", () => playItem(item, "later")),
      iconButton("add", "Add " + item.title + " to a playlist", () => choosePlaylist(item)),
      iconButton("like", "Like " + item.title, () => call("POST", "/v1/library/affinities",
        Object.assign({ identifier: item.identifier, affinity: "like" }, libraryUser() ? { user: libraryUser() } : {}))
        .then(() => { $("reply").textContent = "Liked " + item.title + "."; $("understood").textContent = ""; })));
  }
  return li;
}

function fill(list, items, options) {
  list.innerHTML = "";
  if (!items.length) {
    const li = document.createElement("li");
    li.className = "empty"; li.textContent = options && options.empty || "Nothing here yet.";
    list.appendChild(li);
  }
  for (const item of items) list.appendChild(itemRow(item, options));
}

// Each answer for the library pane is shown only if nothing was asked there since (a quick
// second tap must not be overwritten by the first one's late answer).
let browseTurn = 0, currentTab = "search", opener = null;

// The tabs: search results, playlists, likes, library, podcasts (podcasts.js).
const libraryTabs = ["search", "playlists", "likes", "library", "podcasts"];
async function showTab(name) {
  currentTab = name;
  const turn = ++browseTurn;
  for (const tab of libraryTabs) $("tab-" + tab).setAttribute("aria-pressed", String(tab === name));
  $("item-view").hidden = true; $("browse").hidden = false;
  $("search").hidden = name !== "search";
  $("podcast-add").hidden = name !== "podcasts";
  if (name === "search") return search(turn);
  if (name === "podcasts") return showPodcasts(turn);
  if (name === "playlists") {
    const lists = await call("GET", "/v1/playlists" + userOnly()).catch(() => []);
    if (turn !== browseTurn) return;
    fill($("results"), lists.map((list) => ({ identifier: list.identifier, title: list.name, type: "playlist" })),
      { empty: "No playlists yet: say \"add this to my running playlist\"." });
    return;
  }
  const library = await call("GET", "/v1/library" + userOnly()).catch(() => null);
  if (turn !== browseTurn) return;
  fill($("results"), (library && (name === "likes" ? library.liked : library.library)) || [],
    { empty: name === "likes" ? "Nothing liked yet." : "Your library is empty." });
}

async function search(turn) {
  turn = turn || ++browseTurn;
  const words = $("query").value.trim();
  if (!words) { $("results").innerHTML = ""; return; }
  const data = await call("GET", "/v1/search?limit=20&q=" + encodeURIComponent(words) + userQuery()).catch(() => null);
  if (turn !== browseTurn) return;
  fill($("results"), (data && data.items) || [], { empty: "Nothing found for " + words + "." });
}

// An item opened: its picture and name, an artist's albums, and its tracks (a tap plays the
// item from that track).
async function openItem(item) {
  const turn = ++browseTurn;
  opener = document.activeElement;
  const data = await call("GET", "/v1/items/" + encodeURIComponent(item.identifier) + "?" + userQuery().slice(1));
  if (turn !== browseTurn) return;
  $("browse").hidden = true; $("item-view").hidden = false;
  $("item-title").textContent = data.item.title;
  $("item-sub").textContent = describeItem(data.item);
  $("item-art").src = artURL(data.item, 128);
  $("item-art").alt = "Cover of " + data.item.title;
  fill($("item-albums"), data.albums || [], { empty: "" });
  if (!(data.albums || []).length) $("item-albums").innerHTML = "";
  $("item-tracks").innerHTML = "";
  data.tracks.forEach((track, index) => {
    const row = itemRow(track, { sub: (index + 1) + " · " + (track.artist || ""), open: () => playItem(data.item, "now", track) });
    row.querySelector(".name").classList.add("track");
    $("item-tracks").appendChild(row);
  });
  $("item-back").focus();
}

// Up next: each item can move up or down, or be taken out; a tap plays it now. The control that
// had the keyboard's focus has it again after the list is drawn anew.
let queueTurn = 0;
async function loadQueue() {
  const turn = ++queueTurn;
  const data = await call("GET", "/v1/queue?" + homeQuery(), null, true).catch(() => null);
  if (turn !== queueTurn) return;
  const upNext = (data && data.upNext) || [];
  const list = $("queue");
  const focused = list.contains(document.activeElement) ? document.activeElement : null;
  const row = focused && focused.closest(".row");
  const was = focused && { identifier: row && row.querySelector(".name").dataset.identifier,
    action: ["up", "down", "remove", "name"].find((name) => focused.classList.contains(name)),
    index: row ? [...list.children].indexOf(row) : 0 };
  list.innerHTML = "";
  if (!upNext.length) { const li = document.createElement("li"); li.className = "empty"; li.textContent = "Nothing up next."; list.appendChild(li); }
  upNext.slice(0, 50).forEach((item, index) => {
    const change = (path, body) => call("POST", "/v1/queue/" + path, playerBody(body)).then((answer) => showQueue(answer));
    const row = itemRow(item, { bare: true, sub: item.artist || describeItem(item),
      open: () => change("jump", { identifier: item.identifier }) });
    const up = iconButton("up", "Move " + item.title + " up", () => change("move", { from: index, to: index - 1 }));
    const down = iconButton("down", "Move " + item.title + " down", () => change("move", { from: index, to: index + 1 }));
    up.classList.add("up"); down.classList.add("down");
    up.disabled = index === 0; down.disabled = index === upNext.length - 1;
    const remove = iconButton("remove", "Remove " + item.title + " from up next", () => change("remove", { index }));
    remove.classList.add("remove");
    row.append(up, down, remove);
    list.appendChild(row);
  });
  if (was) {
    // The same control of the same item (moved), else the row now at its place.
    const rows = [...list.querySelectorAll(".row")];
    const same = rows.find((one) => one.querySelector(".name").dataset.identifier === was.identifier);
    const target = (same || rows[Math.min(was.index, rows.length - 1)]);
    const control = target && (target.querySelector("." + (was.action || "name") + ":not(:disabled)") || target.querySelector(".name"));
    if (control) control.focus(); else $("queue-heading").focus();
  }
}

function showQueue(answer) {
  if (answer.nowPlaying !== undefined) render(answer.nowPlaying);
  // The last reply was about something else: now playing and up next say what changed.
  $("reply").textContent = ""; $("understood").textContent = "";
  loadQueue();
}

// Adding to a playlist: the person's playlists offered by name, or a new name (made on adding).
let adding = null;
async function choosePlaylist(item) {
  adding = item;
  const lists = await call("GET", "/v1/playlists" + userOnly()).catch(() => []);
  $("playlist-names").innerHTML = "";
  for (const list of lists) { const option = document.createElement("option"); option.value = list.name; $("playlist-names").appendChild(option); }
  $("playlist-item").textContent = item.title + (item.artist ? " — " + item.artist : "");
  // Empty, so that Enter never adds to a playlist the person did not choose; the names are offered.
  $("playlist-name").value = "";
  $("playlist-name").placeholder = lists.length ? "e.g. " + lists[0].name : "A new playlist's name";
  $("playlist-dialog").showModal();
  $("playlist-name").select();
}
$("playlist-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("playlist-name").value.trim(), item = adding;
  if (!name || !item) return;
  $("playlist-dialog").close();
  call("POST", "/v1/playlists/" + encodeURIComponent(name) + "/items",
    Object.assign({ identifier: item.identifier }, libraryUser() ? { user: libraryUser() } : {}))
    .then(() => {
      $("reply").textContent = "Added " + item.title + " to " + name + "."; $("understood").textContent = "";
      if (currentTab === "playlists") refreshList();
    }).catch(() => {});
});
$("playlist-cancel").addEventListener("click", () => $("playlist-dialog").close());

// The open list read again (after a like or an addition), unless it is the search or an item is open.
function refreshList() {
  if (currentTab !== "search" && $("item-view").hidden) showTab(currentTab).catch(() => {});
}

for (const tab of libraryTabs) $("tab-" + tab).addEventListener("click", () => showTab(tab).catch(() => {}));
$("search").addEventListener("submit", (event) => { event.preventDefault(); search().catch(() => {}); });
$("item-back").addEventListener("click", () => {
  browseTurn++;
  $("item-view").hidden = true; $("browse").hidden = false;
  // Back to the control that opened the item, else the search box.
  if (opener && document.body.contains(opener) && opener.offsetParent !== null) opener.focus(); else $("query").focus();
});
loadQueue();
