// The Podcasts tab: the shows the person follows, each with its newest episodes (played, or how far
// in, as a bar), and "Add a podcast" by its feed's address. Uses page.js's and library.js's helpers.

function episodeRow(episode) {
  const item = episode.item;
  const heard = episode.played ? "Played"
    : episode.position != null ? "Part way: " + Math.round(episode.position / 60) + " of " + Math.round((item.duration || 0) / 60) + " min"
    : "New";
  const row = itemRow(item, { sub: [episode.released, heard].filter(Boolean).join(" · "), bare: true });
  row.classList.add(episode.played ? "played" : "unplayed");
  if (episode.position != null && item.duration) {
    const bar = document.createElement("progress");
    bar.max = item.duration; bar.value = episode.position;
    bar.setAttribute("aria-label", "How far " + item.title + " was heard");
    row.querySelector(".name").appendChild(bar);
  }
  return row;
}

function showRow(subscription) {
  const parts = [subscription.unplayed + " unplayed of " + subscription.episodeCount];
  if (subscription.error) parts.push("last refresh: " + subscription.error);
  const row = itemRow(subscription.show, { sub: parts.join(" · ") });
  row.classList.add("show");
  return row;
}

// Draws the tab (`turn`: the library pane's turn it answers, as in showTab).
async function showPodcasts(turn) {
  $("podcast-add").hidden = false;
  const shows = await call("GET", "/v1/podcasts" + userOnly()).catch(() => []);
  if (turn !== browseTurn) return;
  const list = $("results");
  list.innerHTML = "";
  if (!shows.length) {
    const li = document.createElement("li");
    li.className = "empty"; li.textContent = "No podcasts yet: add one by its feed's address, or say \"subscribe to this podcast\".";
    list.appendChild(li);
  }
  for (const subscription of shows) {
    list.appendChild(showRow(subscription));
    for (const episode of subscription.episodes.slice(0, 5)) list.appendChild(episodeRow(episode));
  }
}

$("podcast-add").addEventListener("submit", async (event) => {
  event.preventDefault();
  const url = $("podcast-url").value.trim();
  if (!url) return;
  $("podcast-status").textContent = "Reading the feed…";
  try {
    const added = await call("POST", "/v1/podcasts", Object.assign({ url }, libraryUser() ? { user: libraryUser() } : {}));
    $("podcast-status").textContent = "Subscribed to " + added.show.title + ": " + added.episodeCount + " episodes.";
    $("podcast-url").value = "";
  } catch (error) {
    $("podcast-status").textContent = (error && error.message) || "That feed could not be read.";
  }
  if (currentTab === "podcasts") showPodcasts(++browseTurn).catch(() => {});
});
